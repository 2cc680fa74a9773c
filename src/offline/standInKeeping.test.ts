import { KEEP_LOADED, keepWhatLoads } from './standInKeeping';

/** A browser's resource timing, as far as keepWhatLoads reads it: the observer takes every batch given. */
class FakeObserver {
  static last: FakeObserver | undefined;
  options: PerformanceObserverInit | undefined;
  constructor(readonly callback: (list: { getEntries(): Array<{ name: string; initiatorType: string }> }) => void) {
    FakeObserver.last = this;
  }
  observe(options: PerformanceObserverInit) {
    this.options = options;
  }
  give(entries: Array<{ name: string; initiatorType: string }>) {
    this.callback({ getEntries: () => entries });
  }
}

const realObserver = globalThis.PerformanceObserver;

beforeEach(() => {
  FakeObserver.last = undefined;
  (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver = FakeObserver;
});

afterEach(() => {
  (globalThis as { PerformanceObserver?: unknown }).PerformanceObserver = realObserver;
});

describe('what a page of the demo tells its service worker to keep', () => {
  it('names every script and stylesheet the page loaded, from its start on, and no call or image', () => {
    const worker = { postMessage: jest.fn() };
    keepWhatLoads(worker);
    // From the page's start: the entries before the worker was in charge too.
    expect(FakeObserver.last?.options).toEqual({ type: 'resource', buffered: true });
    FakeObserver.last?.give([
      { name: 'http://localhost/static/js/main.1a2b3c4d.js', initiatorType: 'script' },
      { name: 'http://localhost/boot.css', initiatorType: 'link' },
      { name: 'http://localhost/api/posts?page=1', initiatorType: 'fetch' },
      { name: 'http://localhost/images/lake.webp', initiatorType: 'img' },
    ]);
    expect(worker.postMessage).toHaveBeenCalledWith({ type: KEEP_LOADED, urls: ['http://localhost/static/js/main.1a2b3c4d.js', 'http://localhost/boot.css'] });
    // A lazy page's code, later.
    FakeObserver.last?.give([{ name: 'http://localhost/static/js/page-explore.9fe5b7c8.chunk.js', initiatorType: 'script' }]);
    expect(worker.postMessage).toHaveBeenLastCalledWith({ type: KEEP_LOADED, urls: ['http://localhost/static/js/page-explore.9fe5b7c8.chunk.js'] });
  });

  it('says nothing for a batch of calls alone', () => {
    const worker = { postMessage: jest.fn() };
    keepWhatLoads(worker);
    FakeObserver.last?.give([{ name: 'http://localhost/api/health', initiatorType: 'fetch' }]);
    expect(worker.postMessage).not.toHaveBeenCalled();
  });

  it('does nothing with no worker in charge of the page', () => {
    keepWhatLoads(null);
    expect(FakeObserver.last).toBeUndefined();
  });
});
