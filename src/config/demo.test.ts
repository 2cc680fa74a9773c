import { DEMO_CREDENTIALS, SAMPLE_SIGNUP } from './demo';
import * as seed from '../../mocks/seed';

describe('test credentials', () => {
  it('are the ones the stand-in backend seeds', () => {
    expect(DEMO_CREDENTIALS).toEqual(seed.DEMO_CREDENTIALS);
    expect(SAMPLE_SIGNUP).toEqual(seed.SAMPLE_SIGNUP);
  });
});
