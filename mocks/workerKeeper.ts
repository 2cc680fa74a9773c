/**
 * Keeps the stand-in answering when the browser stops its service worker. A browser stops an idle
 * worker (Chrome: 30 s without an event; a hidden tab's timers, the stand-in's keep-alive among
 * them, run once a minute after 5 minutes), and a worker started again has forgotten which tabs it
 * answers for: the tab's calls then go to the network, which has no such API, and the app shows
 * its error page. So when the tab comes back (shown again, restored from the back-forward cache,
 * back online), the stand-in asks its worker whether it still answers, tells it again that this tab
 * is its client if not, registers it again if it is gone, and says what it did.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';

/** A path outside the API that only the stand-in's worker answers, with ALIVE_HEADER. */
export const ALIVE_PATH = '/__stand-in/alive';
export const ALIVE_HEADER = 'x-stand-in';

/** The stand-in's own answer to the probe: first among its handlers, under any scenario or fault. */
export function aliveHandler(): HttpHandler {
  return http.get(ALIVE_PATH, () => new HttpResponse(null, { status: 204, headers: { [ALIVE_HEADER]: 'alive', 'cache-control': 'no-store' } }));
}

export type WorkerState =
  | { kind: 'answering' }
  /** It had stopped answering this tab and answers again; `message` says so. */
  | { kind: 'restored'; message: string }
  /** Nothing brought it back. */
  | { kind: 'lost'; message: string };

export interface WorkerKeeperOptions {
  /** Whether the stand-in answers this tab now. */
  probe(): Promise<boolean>;
  /** Tells the running worker again that this tab is its client. */
  activate(): Promise<void>;
  /** Registers the worker again and starts answering through it. */
  register(): Promise<void>;
  /** How long to give a worker to take a message in before asking again. */
  wait?: (ms: number) => Promise<void>;
}

export const RESTORED_MESSAGE = 'The browser had stopped the stand-in\'s worker; it answers this tab again.';
export const REGISTERED_MESSAGE = 'The stand-in\'s worker was gone; it is registered again and answers this tab.';
export const LOST_MESSAGE = 'The stand-in does not answer this tab any more, and could not be started again: reload the page.';

/** Tries after a message: at once, then 4 more times 100 ms apart. */
const TRIES = 5;
const TRY_EVERY_MS = 100;

export class WorkerKeeper {
  private current: WorkerState = { kind: 'answering' };
  private readonly listeners = new Set<() => void>();
  private checking: Promise<WorkerState> | undefined;
  private readonly wait: (ms: number) => Promise<void>;

  constructor(private readonly options: WorkerKeeperOptions) {
    this.wait = options.wait ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  state = (): WorkerState => this.current;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Checks once at a time: a check asked for while one runs gets that one's answer. */
  check(): Promise<WorkerState> {
    this.checking ??= this.run().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async answersWithin(): Promise<boolean> {
    for (let attempt = 0; attempt < TRIES; attempt += 1) {
      if (await this.options.probe()) return true;
      await this.wait(TRY_EVERY_MS);
    }
    return false;
  }

  private async run(): Promise<WorkerState> {
    if (await this.options.probe()) return this.current;
    const attempts: Array<[() => Promise<void>, string]> = [
      [() => this.options.activate(), RESTORED_MESSAGE],
      [() => this.options.register(), REGISTERED_MESSAGE],
    ];
    for (const [attempt, message] of attempts) {
      try {
        await attempt();
      } catch {
        // Not this way (no worker to tell, a registration refused): the next one.
        continue;
      }
      if (await this.answersWithin()) return this.become({ kind: 'restored', message });
    }
    return this.become({ kind: 'lost', message: LOST_MESSAGE });
  }

  private become(state: WorkerState): WorkerState {
    this.current = state;
    for (const listener of this.listeners) listener();
    return state;
  }
}
