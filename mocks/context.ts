/**
 * Everything the stand-in's handlers share: the store, the rules' context (tokens, passwords, clock,
 * ids), the base URL, the answer delay and what to do after a write. One context per running
 * stand-in (browser worker or node server).
 */
import { v4 as uuidv4 } from 'uuid';
import type { RuleContext } from '../contract/context';
import type { PasswordHasher } from '../contract/passwords';
import type { DbSnapshot } from '../contract/snapshot';
import { SessionStreams } from '../contract/stream';
import { createTokenService, STAND_IN_TOKEN_SECRET } from '../contract/tokens';
import { StandInClock } from './clock';
import { createStandInHub, type StandInHub } from './events';
import { FaultState } from './faultRules';
import type { RequestLog } from './requestLog';
import { StreamFaults } from './streamFaults';
import { standInImages } from './images';
import { createMemoryDb, createMemoryStore, type MemoryDb, type MemoryStore, type StoreSharing } from './memoryStore';

/** Mirrors TIMINGS.mockResponseDelayMs (src/config/timings.ts; a test checks they agree). */
export const DEFAULT_DELAY_MS = 400;
/** How long every answer takes in the `slow` scenario. */
export const SLOW_DELAY_MS = 3000;
export const DEFAULT_BASE_URL = '/api';
/** How many mails the stand-in's inbox keeps, the newest. */
export const INBOX_KEPT = 20;

export interface MockContext extends RuleContext {
  store: MemoryStore;
  /** The store's content, to arrange or inspect directly (tests, persistence). */
  db: MemoryDb;
  /** '/api', 'http://localhost/api' or any base; never ends with a slash. */
  baseUrl: string;
  /** Wait before every answer, in ms. */
  delayMs: number;
  /** Total time of every answer in the `slow` scenario, in ms. */
  slowDelayMs: number;
  /**
   * Called after every committed change (persistence hooks in here). The answer waits for it, so a
   * member who reloads right after a change finds it saved.
   */
  onWrite: () => void | Promise<void>;
  /** What the live streams hear of the store's writes. */
  hub: StandInHub;
  /** The live streams each session holds open in this tab, up to the server's default limit. */
  streams: SessionStreams;
  /** QA's faults per call (faults.ts): none unless asked for. */
  faults: FaultState;
  /** QA's request log (requestLog.ts), where one is kept: told which fault each call met. */
  log?: RequestLog;
  /** QA's faults of the live stream (streamFaults.ts): none unless asked for. */
  streamFaults: StreamFaults;
  /** QA's clock (clock.ts), which `now` reads unless a test gave its own: the real time unless set. */
  clock: StandInClock;
  /** Told of each mail the stand-in sends (QA's inbox in the workbench). */
  onMail: () => void;
}

export interface MockContextOptions {
  baseUrl?: string;
  delayMs?: number;
  slowDelayMs?: number;
  seed?: DbSnapshot;
  db?: MemoryDb;
  now?: () => Date;
  newId?: () => string;
  onWrite?: () => void | Promise<void>;
  /** When the store is shared with the browser's other tabs. */
  sharing?: StoreSharing;
  /** The app's address, which links in mail open: the page's own unless given. */
  appOrigin?: string;
}

/**
 * NOT SECURE, like the stand-in's token secret: an in-browser demo keeps passwords as they are.
 * The server hashes them with argon2id.
 */
export const PLAIN_PASSWORDS: PasswordHasher = {
  hash: async (password) => password,
  verify: async (stored, password) => stored === password,
};

export function normaliseBaseUrl(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '');
}

export function createMockContext(options: MockContextOptions = {}): MockContext {
  // Tokens are signed with WebCrypto, which a browser offers only in a secure context (https, localhost).
  if (!(globalThis.crypto as Crypto | undefined)?.subtle) {
    throw new Error('The mock backend needs WebCrypto (crypto.subtle): open the app over https or on localhost.');
  }
  const clock = new StandInClock();
  // What the stand-in writes takes QA's clock; a session's token keeps the real time, by which the app judges it.
  const now = options.now ?? (() => clock.now());
  const tokenNow = options.now ?? (() => new Date());
  const newId = options.newId ?? uuidv4;
  const db = options.db ?? createMemoryDb(options.seed);
  const ctx: MockContext = {
    db,
    store: createMemoryStore(db, {
      now,
      afterCommit: async () => {
        await ctx.onWrite();
        ctx.hub.publish();
      },
      afterLoad: () => ctx.hub.publish(),
      sharing: options.sharing,
    }),
    baseUrl: normaliseBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL),
    delayMs: options.delayMs ?? DEFAULT_DELAY_MS,
    slowDelayMs: options.slowDelayMs ?? SLOW_DELAY_MS,
    tokens: createTokenService({ secret: STAND_IN_TOKEN_SECRET, now: tokenNow, newId }),
    passwords: PLAIN_PASSWORDS,
    images: standInImages(),
    now,
    newId,
    onWrite: options.onWrite ?? (() => undefined),
    hub: createStandInHub(db),
    streams: new SessionStreams(),
    faults: new FaultState(),
    streamFaults: new StreamFaults(),
    // Into the store's inbox, saved with it: QA reads it in the workbench, and its links work after a reload.
    mail: {
      send: async (mail) => {
        db.inbox.push({ ...mail, sentAt: new Date().toISOString() });
        db.inbox.splice(0, Math.max(0, db.inbox.length - INBOX_KEPT));
        await ctx.onWrite();
        ctx.onMail();
      },
    },
    appOrigin: options.appOrigin ?? globalThis.location?.origin ?? 'http://localhost',
    onMail: () => undefined,
    clock,
  };
  return ctx;
}
