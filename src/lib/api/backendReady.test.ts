import { http, HttpResponse } from 'msw';
import { server, TEST_API_BASE } from '../../../mocks/testing/node';
import { api } from './api';
import { backendReady, startBackend, startBackendWhenNeeded, waitForBackend, whenBackendLost } from './backendReady';
import { makeStore } from '../../app/store';
import { BACKEND_NOT_STARTED } from '../apiError';

afterEach(() => {
  waitForBackend(Promise.resolve());
  whenBackendLost(null);
});

describe('calls wait for the backend to be ready', () => {
  it('sends nothing until the backend is ready, then sends the call and answers it', async () => {
    const sent: string[] = [];
    const onRequest = ({ request }: { request: Request }) => sent.push(new URL(request.url).pathname);
    server.events.on('request:start', onRequest);
    let start: () => void = () => undefined;
    waitForBackend(new Promise<void>((resolve) => { start = resolve; }));
    const store = makeStore();

    const call = store.dispatch(api.endpoints.getHealth.initiate());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);

    start();
    const answer = await call;
    expect(answer.data?.status).toBe('ok');
    expect(sent).toEqual(['/api/health']);
    server.events.removeListener('request:start', onRequest);
    call.unsubscribe();
  });

  it('answers calls with the failure when the start failed, and sends nothing', async () => {
    const sent: string[] = [];
    const onRequest = ({ request }: { request: Request }) => sent.push(new URL(request.url).pathname);
    server.events.on('request:start', onRequest);
    waitForBackend(Promise.reject(new Error('the worker did not start')));
    await expect(backendReady()).resolves.toEqual(new Error('the worker did not start'));

    const store = makeStore();
    const call = store.dispatch(api.endpoints.getHealth.initiate());
    const answer = await call;
    expect(answer.error).toEqual({ status: 'CUSTOM_ERROR', error: BACKEND_NOT_STARTED });
    expect(sent).toEqual([]);
    server.events.removeListener('request:start', onRequest);
    call.unsubscribe();
  });

  describe('a backend that starts when first needed', () => {
    it('does not start until a call needs it; the call waits for it, then goes out', async () => {
      const sent: string[] = [];
      const onRequest = ({ request }: { request: Request }) => sent.push(new URL(request.url).pathname);
      server.events.on('request:start', onRequest);
      let starts = 0;
      let started: () => void = () => undefined;
      startBackendWhenNeeded(() => {
        starts += 1;
        return new Promise<void>((resolve) => { started = resolve; });
      });
      const store = makeStore();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(starts).toBe(0);

      const call = store.dispatch(api.endpoints.getHealth.initiate());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(starts).toBe(1);
      expect(sent).toEqual([]);

      started();
      expect((await call).data?.status).toBe('ok');
      expect(sent).toEqual(['/api/health']);
      expect(starts).toBe(1);
      server.events.removeListener('request:start', onRequest);
      call.unsubscribe();
    });

    it('starts early when asked (a member starting on a form), once, and calls then wait for that start', async () => {
      let starts = 0;
      let started: () => void = () => undefined;
      startBackendWhenNeeded(() => {
        starts += 1;
        return new Promise<void>((resolve) => { started = resolve; });
      });
      startBackend();
      startBackend();
      expect(starts).toBe(1);

      let ready = false;
      void backendReady().then(() => { ready = true; });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ready).toBe(false);
      started();
      await backendReady();
      expect(ready).toBe(true);
      expect(starts).toBe(1);
    });

    it('answers with why when that start fails, as an Error whatever the start threw', async () => {
      startBackendWhenNeeded(() => Promise.reject('no service worker'));
      await expect(backendReady()).resolves.toEqual(new Error('no service worker'));
    });
  });
});

describe('a call whose answer did not come from the backend', () => {
  /** What a static file server answers for a path it does not have: a page, not the contract's JSON. */
  const notTheBackend = () => server.use(http.get(`${TEST_API_BASE}/health`, () => new HttpResponse('<!doctype html><title>Not found</title>', {
    status: 404,
    headers: { 'content-type': 'text/html' },
  }), { once: true }));

  it('goes again once the backend is brought back, and is answered', async () => {
    const sent: string[] = [];
    const onRequest = ({ request }: { request: Request }) => sent.push(new URL(request.url).pathname);
    server.events.on('request:start', onRequest);
    let asked = 0;
    whenBackendLost(async () => {
      asked += 1;
      return true;
    });
    notTheBackend();
    const call = makeStore().dispatch(api.endpoints.getHealth.initiate());
    const answer = await call;
    expect(answer.data?.status).toBe('ok');
    expect(asked).toBe(1);
    expect(sent).toEqual(['/api/health', '/api/health']);
    server.events.removeListener('request:start', onRequest);
    call.unsubscribe();
  });

  it('fails as it came when nothing can bring the backend back (a real server\'s build names nothing)', async () => {
    notTheBackend();
    const call = makeStore().dispatch(api.endpoints.getHealth.initiate());
    expect((await call).error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 404 });
    call.unsubscribe();

    whenBackendLost(async () => false);
    notTheBackend();
    const again = makeStore().dispatch(api.endpoints.getHealth.initiate());
    expect((await again).error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 404 });
    again.unsubscribe();
  });
});
