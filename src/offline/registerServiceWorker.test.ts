import { registerServiceWorker, SERVICE_WORKER_URL } from './registerServiceWorker';

describe('the service worker of a build for a real server', () => {
  it('is registered for the whole site once the page has loaded, not before', () => {
    const register = jest.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
    const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    registerServiceWorker({ register });
    expect(register).not.toHaveBeenCalled();
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    expect(register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
    registerServiceWorker({ register });
    expect(register).toHaveBeenCalledTimes(2);
    readyState.mockRestore();
  });

  it('a browser without service workers, or one that refuses it, leaves the app as it is', async () => {
    expect(() => registerServiceWorker(undefined)).not.toThrow();
    const refused = jest.fn(() => Promise.reject(new Error('SecurityError')));
    registerServiceWorker({ register: refused });
    await Promise.resolve();
    expect(refused).toHaveBeenCalledTimes(1);
  });
});
