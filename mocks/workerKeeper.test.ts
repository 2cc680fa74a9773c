import { LOST_MESSAGE, REGISTERED_MESSAGE, RESTORED_MESSAGE, WorkerKeeper } from './workerKeeper';

/** A worker as the keeper sees it: answering or not, and what each way back does. */
function fakeWorker({ answering = true, activateBrings = false, registerBrings = false, noController = false } = {}) {
  const done: string[] = [];
  let alive = answering;
  const keeper = new WorkerKeeper({
    probe: async () => {
      done.push('probe');
      return alive;
    },
    activate: async () => {
      done.push('activate');
      if (noController) throw new Error('No worker controls this page.');
      if (activateBrings) alive = true;
    },
    register: async () => {
      done.push('register');
      if (registerBrings) alive = true;
    },
    wait: async () => undefined,
  });
  return { keeper, done, stop: () => { alive = false; } };
}

describe('the keeper of the stand-in\'s worker', () => {
  it('only asks, while the worker answers', async () => {
    const { keeper, done } = fakeWorker();
    expect(await keeper.check()).toEqual({ kind: 'answering' });
    expect(done).toEqual(['probe']);
  });

  it('tells a worker the browser started again that this tab is its client, and says so', async () => {
    const { keeper, done } = fakeWorker({ answering: false, activateBrings: true });
    const heard = jest.fn();
    keeper.subscribe(heard);
    expect(await keeper.check()).toEqual({ kind: 'restored', message: RESTORED_MESSAGE });
    expect(done).toEqual(['probe', 'activate', 'probe']);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(keeper.state()).toEqual({ kind: 'restored', message: RESTORED_MESSAGE });
  });

  it('registers the worker again when telling it is not enough, or there is none to tell', async () => {
    const stillDeaf = fakeWorker({ answering: false, registerBrings: true });
    expect(await stillDeaf.keeper.check()).toEqual({ kind: 'restored', message: REGISTERED_MESSAGE });
    expect(stillDeaf.done).toEqual(['probe', 'activate', ...Array(5).fill('probe'), 'register', 'probe']);

    const gone = fakeWorker({ answering: false, registerBrings: true, noController: true });
    expect(await gone.keeper.check()).toEqual({ kind: 'restored', message: REGISTERED_MESSAGE });
    expect(gone.done).toEqual(['probe', 'activate', 'register', 'probe']);
  });

  it('says the stand-in is lost when nothing brings it back', async () => {
    const { keeper } = fakeWorker({ answering: false });
    expect(await keeper.check()).toEqual({ kind: 'lost', message: LOST_MESSAGE });
  });

  it('runs one check at a time: a second asked meanwhile shares the first', async () => {
    const { keeper, done, stop } = fakeWorker({ activateBrings: true });
    stop();
    const [first, second] = await Promise.all([keeper.check(), keeper.check()]);
    expect(first).toBe(second);
    expect(done.filter((step) => step === 'activate')).toHaveLength(1);
    // Later, a check of its own.
    expect(await keeper.check()).toEqual({ kind: 'restored', message: RESTORED_MESSAGE });
    expect(done.filter((step) => step === 'activate')).toHaveLength(1);
  });
});
