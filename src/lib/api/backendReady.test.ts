import { server } from '../../../mocks/node';
import { api } from './api';
import { backendReady, waitForBackend } from './backendReady';
import { makeStore } from '../../app/store';

afterEach(() => waitForBackend(Promise.resolve()));

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

  it('lets calls go out when the start failed, so the failure shows where calls fail', async () => {
    waitForBackend(Promise.reject(new Error('the worker did not start')));
    await expect(backendReady()).resolves.toBeUndefined();
  });
});
