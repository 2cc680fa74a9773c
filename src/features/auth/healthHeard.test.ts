import { http, HttpResponse } from 'msw';
import { server, TEST_API_BASE } from '../../../mocks/testing/node';
import { HEALTH_HEARD_FOR_MS, readHealth, recentHealth } from './healthHeard';

describe('the health answer a page read', () => {
  it('stands in for asking again for a minute, then no longer', async () => {
    server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: ['pages'], demo: false })));
    const before = Date.now();
    expect(await readHealth(new AbortController().signal)).toEqual({ status: 'ok', extensions: ['pages'], demo: false });
    expect(recentHealth(before + HEALTH_HEARD_FOR_MS - 1_000)).toEqual({ status: 'ok', extensions: ['pages'], demo: false });
    expect(recentHealth(Date.now() + HEALTH_HEARD_FOR_MS + 1)).toBeUndefined();
  });

  it('keeps nothing once the health is refused: the next call asks again', async () => {
    server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: [] })));
    await readHealth(new AbortController().signal);
    expect(recentHealth()).toEqual({ status: 'ok', extensions: [] });
    server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ errors: ['The service is unavailable right now.'] }, { status: 503 })));
    expect(await readHealth(new AbortController().signal)).toBeUndefined();
    expect(recentHealth()).toBeUndefined();
  });
});
