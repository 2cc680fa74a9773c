import { http, HttpResponse } from 'msw';
import { server, TEST_API_BASE } from '../../../mocks/testing/node';
import { makeStore } from '../../app/store';
import { absoluteApiBase, chooseRealServer } from '../../config/env';
import { usersApi } from '../../features/users/usersApi';
import { api, streamStart } from './api';

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

describe('where a live stream that has heard no event starts', () => {
  const WAIT_MS = 2_000;
  const OTHER_ORIGIN = 'http://127.0.0.1:9';

  afterEach(() => chooseRealServer(undefined));

  /** A member's record as `base` answers it, each answer saying the next of `versions`. */
  function usersSaying(base: string, versions: string[]) {
    server.use(http.get(`${base}/users/:userId`, () => HttpResponse.json({}, { headers: { 'X-Network-Version': versions.shift() ?? '' } })));
  }

  it('waits for the first answer and starts after its version; later, after the lowest the answers said', async () => {
    // A backend of its own: the versions the app has seen so far are another's.
    chooseRealServer('http://127.0.0.3:9');
    const base = absoluteApiBase();
    usersSaying(base, ['12', '9', '15']);
    const store = makeStore();
    const start = streamStart(base, WAIT_MS);
    await store.dispatch(usersApi.endpoints.getUser.initiate('u-someone', { forceRefetch: true, subscribe: false }));
    await expect(start).resolves.toBe(12);
    for (let call = 0; call < 2; call += 1) await store.dispatch(usersApi.endpoints.getUser.initiate('u-someone', { forceRefetch: true, subscribe: false }));
    // Asked again, after the lowest of the three.
    await expect(streamStart(base, WAIT_MS)).resolves.toBe(9);
  });

  it('on a backend just chosen, waits for its own first answer rather than using the old one\'s versions', async () => {
    const store = makeStore();
    usersSaying(absoluteApiBase(), ['500']);
    await store.dispatch(usersApi.endpoints.getUser.initiate('u-someone', { forceRefetch: true, subscribe: false }));
    chooseRealServer(OTHER_ORIGIN);
    const other = absoluteApiBase();
    usersSaying(other, ['3']);
    const start = streamStart(other, WAIT_MS);
    await store.dispatch(usersApi.endpoints.getUser.initiate('u-someone', { forceRefetch: true, subscribe: false }));
    await expect(start).resolves.toBe(3);
  });

  it('starts at the newest event when no answer from the backend came in time, or none said a version', async () => {
    chooseRealServer('http://127.0.0.2:9');
    const silent = absoluteApiBase();
    await expect(streamStart(silent, 50)).resolves.toBeUndefined();
    server.use(http.get(`${silent}/users/:userId`, () => HttpResponse.json({})));
    const store = makeStore();
    const start = streamStart(silent, WAIT_MS);
    await store.dispatch(usersApi.endpoints.getUser.initiate('u-someone', { forceRefetch: true, subscribe: false }));
    await expect(start).resolves.toBeUndefined();
  });
});
