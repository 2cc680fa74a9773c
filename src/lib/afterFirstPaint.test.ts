import { afterFirstPaint } from './afterFirstPaint';

/** The browser's Paint Timing, as far as the page sees it: the paints it reports, when it reports them. */
class FakePaintTiming {
  static supportedEntryTypes: readonly string[] = ['paint', 'largest-contentful-paint'];
  static observers: FakePaintTiming[] = [];
  connected = false;
  constructor(private readonly callback: PerformanceObserverCallback) {
    FakePaintTiming.observers.push(this);
  }
  observe() {
    this.connected = true;
  }
  disconnect() {
    this.connected = false;
  }
  /** The browser reports a paint that reached the screen. */
  static paint(name: string) {
    for (const observer of FakePaintTiming.observers.filter((each) => each.connected)) {
      const entries = [{ name, entryType: 'paint' }] as PerformanceEntry[];
      observer.callback({ getEntries: () => entries } as unknown as PerformanceObserverEntryList, observer as unknown as PerformanceObserver);
    }
  }
}

const realObserver = globalThis.PerformanceObserver;
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  FakePaintTiming.observers = [];
  FakePaintTiming.supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  globalThis.PerformanceObserver = FakePaintTiming as unknown as typeof PerformanceObserver;
});

afterEach(() => {
  globalThis.PerformanceObserver = realObserver;
});

describe('afterFirstPaint: a page built ahead starts the app once it is on screen', () => {
  it('waits for the first contentful paint, then runs once', () => {
    const then = jest.fn();
    afterFirstPaint(then);
    expect(then).not.toHaveBeenCalled();

    FakePaintTiming.paint('first-paint');
    expect(then).not.toHaveBeenCalled();

    FakePaintTiming.paint('first-contentful-paint');
    expect(then).toHaveBeenCalledTimes(1);
    FakePaintTiming.paint('first-contentful-paint');
    expect(then).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a key press', () => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }))],
    ['a tap or click', () => document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))],
    ['a field taking focus', () => document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))],
  ])('starts at once on %s before the paint is reported, and not again after', (_name, act) => {
    const then = jest.fn();
    afterFirstPaint(then);
    act();
    expect(then).toHaveBeenCalledTimes(1);

    FakePaintTiming.paint('first-contentful-paint');
    act();
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('starts at once on a hidden page (a tab opened in the background paints only when shown)', () => {
    visibility = 'hidden';
    const then = jest.fn();
    afterFirstPaint(then);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('starts when the page is hidden before it painted', () => {
    const then = jest.fn();
    afterFirstPaint(then);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('starts at once where the browser reports no paints', () => {
    FakePaintTiming.supportedEntryTypes = ['resource'];
    const then = jest.fn();
    afterFirstPaint(then);
    expect(then).toHaveBeenCalledTimes(1);
  });
});
