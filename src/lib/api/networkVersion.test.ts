import { http, HttpResponse } from 'msw';
import { server, TEST_API_BASE } from '../../../mocks/testing/node';
import { makeStore } from '../../app/store';
import { api } from './api';

describe('the network version the app has seen', () => {
  it('sends back the highest X-Network-Version its answers said, never a lower one, and none before any', async () => {
    const sent: Array<string | null> = [];
    const said = ['42', '7', 'not a number'];
    server.use(http.get(`${TEST_API_BASE}/health`, ({ request }) => {
      sent.push(request.headers.get('x-network-version'));
      const version = said.shift();
      return HttpResponse.json({ status: 'ok', extensions: [] }, version === undefined ? {} : { headers: { 'X-Network-Version': version } });
    }));
    const store = makeStore();
    for (let call = 0; call < 4; call += 1) {
      const answer = await store.dispatch(api.endpoints.getHealth.initiate(undefined, { forceRefetch: true, subscribe: false }));
      expect(answer.data?.status).toBe('ok');
    }
    expect(sent).toEqual([null, '42', '42', '42']);
  });
});
