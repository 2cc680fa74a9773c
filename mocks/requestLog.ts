/**
 * The stand-in's request log, for QA: each call with its method, path, status, time and the fault it
 * met, and its bodies on demand; copied as `curl` or as a test's handler. It listens to MSW's own
 * life-cycle events (the browser's worker and the tests' server have the same), so no handler changes
 * for it; while it is off it keeps nothing and reads no body.
 */
import type { SetupWorker } from 'msw/browser';
import { routeOfCall } from './faultRules';

/** The most calls kept: the oldest go first. */
export const LOG_MAX_ENTRIES = 300;
/** The most of one body kept, in characters: a longer one is cut, and says so. */
export const LOG_MAX_BODY_CHARS = 100_000;

export interface LogEntry {
  id: string;
  /** When the call left, ms since 1970. */
  at: number;
  method: string;
  /** The path under the API base, with its query: `/posts?limit=20`. */
  path: string;
  /** The contract's route it matched (`POST /posts/like/:postId`), when it matched one. */
  route?: string;
  /** The status; 'failed' for a network failure; 'pending' while no answer has come. */
  status: number | 'failed' | 'pending';
  /** From the call to its answer, in ms. */
  durationMs?: number;
  /** The fault it met, as the workbench says it. */
  fault?: string;
  requestBody?: string;
  responseBody?: string;
}

/** The part of MSW's worker or server the log listens to. */
export type LifeCycleEvents = Pick<SetupWorker, 'events'>;

function cut(text: string): string {
  return text.length > LOG_MAX_BODY_CHARS ? `${text.slice(0, LOG_MAX_BODY_CHARS)}… (cut: ${text.length} characters in all)` : text;
}

async function bodyOf(message: Request | Response): Promise<string | undefined> {
  // A live stream never ends: its body is not read.
  if ((message.headers.get('content-type') ?? '').includes('text/event-stream')) return '(a live stream)';
  try {
    const text = await message.clone().text();
    return text === '' ? undefined : cut(text);
  } catch {
    return undefined;
  }
}

export class RequestLog {
  private list: LogEntry[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly faults = new Map<string, string>();
  enabled = true;

  constructor(private readonly baseUrl: string, private readonly now: () => number = Date.now) {}

  /** The calls, oldest first; a new array after every change (for React's external stores). */
  entries = (): readonly LogEntry[] => this.list;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.changed();
  }

  clear(): void {
    this.list = [];
    this.faults.clear();
    this.changed();
  }

  /** Called by the fault handler: the call `requestId` met `fault`. */
  noteFault(requestId: string, fault: string): void {
    if (!this.enabled) return;
    const entry = this.list.find((candidate) => candidate.id === requestId);
    if (entry) this.update(requestId, { fault });
    else this.faults.set(requestId, fault);
  }

  /**
   * Called by the fault handler as it fails a call at the network level: the browser's worker reports
   * such an answer, the tests' server does not.
   */
  noteFailed(requestId: string): void {
    const entry = this.list.find((candidate) => candidate.id === requestId);
    if (entry && entry.status === 'pending') this.update(requestId, { status: 'failed', durationMs: Math.max(0, Math.round(this.now() - entry.at)) });
  }

  /** Listens to a worker's or a server's life-cycle events; returns how to stop. */
  attach({ events }: LifeCycleEvents): () => void {
    const started: Parameters<typeof events.on<'request:start'>>[1] = ({ request, requestId }) => {
      if (!this.enabled) return;
      const url = new URL(request.url);
      const base = new URL(`${this.baseUrl}/`, request.url);
      if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return;
      const path = `/${url.pathname.slice(base.pathname.length)}`;
      const fault = this.faults.get(requestId);
      this.faults.delete(requestId);
      this.add({
        id: requestId,
        at: this.now(),
        method: request.method,
        path: `${path}${url.search}`,
        route: routeOfCall(request.method, path),
        status: 'pending',
        ...(fault ? { fault } : {}),
      });
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        void bodyOf(request).then((requestBody) => requestBody !== undefined && this.update(requestId, { requestBody }));
      }
    };
    const answered: Parameters<typeof events.on<'response:mocked'>>[1] = ({ response, requestId }) => {
      const entry = this.list.find((candidate) => candidate.id === requestId);
      if (!entry) return;
      const failed = response.type === 'error';
      this.update(requestId, { status: failed ? 'failed' : response.status, durationMs: Math.max(0, Math.round(this.now() - entry.at)) });
      if (!failed) void bodyOf(response).then((responseBody) => responseBody !== undefined && this.update(requestId, { responseBody }));
    };
    events.on('request:start', started);
    events.on('response:mocked', answered);
    return () => {
      events.removeListener('request:start', started);
      events.removeListener('response:mocked', answered);
    };
  }

  private add(entry: LogEntry): void {
    this.list = [...this.list, entry].slice(-LOG_MAX_ENTRIES);
    this.changed();
  }

  private update(id: string, patch: Partial<LogEntry>): void {
    let found = false;
    this.list = this.list.map((entry) => {
      if (entry.id !== id) return entry;
      found = true;
      return { ...entry, ...patch };
    });
    if (found) this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The call as a `curl` command against `origin` (the page's), its body included. */
export function asCurl(entry: LogEntry, apiBase: string): string {
  const parts = ['curl', '-i', '-X', entry.method, shellQuote(`${apiBase}${entry.path}`)];
  if (entry.requestBody !== undefined) parts.push('-H', shellQuote('content-type: application/json'), '--data-raw', shellQuote(entry.requestBody));
  return parts.join(' ');
}

/** The call's answer as an MSW handler a test can `server.use(...)`: the route, its status and body. */
export function asFixture(entry: LogEntry): string {
  const [method, path] = (entry.route ?? `${entry.method} ${entry.path.split('?')[0]}`).split(' ');
  const verb = (method ?? 'GET').toLowerCase();
  if (entry.status === 'failed') return `http.${verb}(\`\${API}${path}\`, () => HttpResponse.error())`;
  const status = typeof entry.status === 'number' ? entry.status : 200;
  let body = 'null';
  if (entry.responseBody !== undefined) {
    try {
      body = JSON.stringify(JSON.parse(entry.responseBody), null, 2);
    } catch {
      body = JSON.stringify(entry.responseBody);
    }
  }
  return `http.${verb}(\`\${API}${path}\`, () => HttpResponse.json(${body}, { status: ${status} }))`;
}
