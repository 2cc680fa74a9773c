/**
 * Everything the handlers share: the store, the token service, the base URL, the answer delay and
 * what to do after a write. One context per running backend (browser worker or node server).
 */
import { createDb, type Db, type DbSnapshot } from './db';
import { createTokenService, type TokenService } from './jwt';
import type { RuleContext } from './rules/context';

/** Mirrors TIMINGS.mockResponseDelayMs (src/config/timings.ts; a test checks they agree). */
export const DEFAULT_DELAY_MS = 400;
/** How long every answer takes in the `slow` scenario. */
export const SLOW_DELAY_MS = 3000;
export const DEFAULT_BASE_URL = '/api';

export interface MockContext extends RuleContext {
  /** '/api', 'http://localhost/api' or any base; never ends with a slash. */
  baseUrl: string;
  /** Wait before every answer, in ms. */
  delayMs: number;
  /** Total time of every answer in the `slow` scenario, in ms. */
  slowDelayMs: number;
  tokens: TokenService;
  /**
   * Called after every successful write (persistence hooks in here). The answer waits for it, so a
   * member who reloads right after a change finds it saved.
   */
  onWrite: () => void | Promise<void>;
}

export interface MockContextOptions {
  baseUrl?: string;
  delayMs?: number;
  slowDelayMs?: number;
  seed?: DbSnapshot;
  db?: Db;
  /** WebCrypto; defaults to globalThis.crypto.subtle (browsers in a secure context, Node 20). */
  subtle?: SubtleCrypto;
  tokenSecret?: string;
  now?: () => Date;
  newId?: () => string;
  onWrite?: () => void | Promise<void>;
}

function randomUuid(): string {
  const cryptoApi = globalThis.crypto as Crypto | undefined;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof cryptoApi?.getRandomValues === 'function') cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < 16; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function normaliseBaseUrl(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '');
}

export function createMockContext(options: MockContextOptions = {}): MockContext {
  const subtle = options.subtle ?? (globalThis.crypto as Crypto | undefined)?.subtle;
  if (!subtle) {
    throw new Error('The mock backend needs WebCrypto (crypto.subtle): open the app over https or on localhost.');
  }
  const now = options.now ?? (() => new Date());
  return {
    db: options.db ?? createDb(options.seed),
    baseUrl: normaliseBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL),
    delayMs: options.delayMs ?? DEFAULT_DELAY_MS,
    slowDelayMs: options.slowDelayMs ?? SLOW_DELAY_MS,
    tokens: createTokenService({ subtle, secret: options.tokenSecret, now }),
    now,
    newId: options.newId ?? randomUuid,
    onWrite: options.onWrite ?? (() => undefined),
  };
}
