/**
 * What the contract suite needs of a backend to run against it. Each backend has a runner that
 * opens its target and imports the suite (contract/tests/suite.ts): the stand-in in-process
 * (mocks/contract.msw.test.ts), the server on PGlite and on PostgreSQL (server/tests/).
 */
import type { ImagePreparer } from '../images';
import type { OutgoingMail } from '../mail';
import type { DbSnapshot } from '../snapshot';
import type { Store } from '../store';

export type TargetName = 'msw' | 'pglite' | 'postgres';

export interface TokenRequest {
  sub: string;
  username: string;
  /** The session version the token claims; the member's current one unless a test says otherwise. */
  ver?: number;
  /** When the token is issued (its expiry follows from the backend's lifetime). */
  now?: Date;
}

export interface ContractTarget {
  name: TargetName;
  /** Where the API answers, without a trailing slash: 'http://localhost/api', 'http://127.0.0.1:41234/api'. */
  baseUrl: string;
  /** Back to the default seed. */
  reset(): Promise<void>;
  snapshot(): Promise<DbSnapshot>;
  /** Replaces the whole network (passwords given in plain, images as shipped paths or data URLs). */
  load(snapshot: DbSnapshot): Promise<void>;
  /** A token signed with the backend's own key: for expired tokens and members who are gone. */
  signToken(request: TokenRequest): Promise<string>;
  /** The mail the backend sent since its last reset, oldest first (`accounts`). */
  sentMail(): readonly OutgoingMail[];
  /** Publishes the scheduled posts due now, as the backend's own look does (`scheduled-posts`): how many. */
  publishDue(): Promise<number>;
  /** The next read or transaction of the store fails with `error`. */
  failNext(error: Error): void;
  /** How the backend prepares an upload before keeping it, as its rules are given it. */
  images: ImagePreparer;
  /**
   * Where the two backends legitimately differ, declared once: the stand-in answers images as the
   * data URLs it was given; the server stores them and answers `/media/<sha256>.<ext>`.
   */
  traits: {
    imageUrl: 'data-url' | 'media';
    /**
     * What GET /health's `demo` says: the stand-in is always a demo; the server only when it seeded
     * the demo network itself (at start), and the suite loads the seed as a snapshot instead.
     */
    demo: boolean;
  };
  close(): Promise<void>;
}

/** A store whose next read or transaction can be made to fail, for the 500 answer. */
export function withFaults<S extends Store>(store: S): S & { failNext(error: Error): void } {
  let fault: Error | undefined;
  const take = (): void => {
    if (!fault) return;
    const error = fault;
    fault = undefined;
    throw error;
  };
  const faulty: Store = {
    ...store,
    async read(work) {
      take();
      return store.read(work);
    },
    async transaction(work) {
      take();
      return store.transaction(work);
    },
  };
  return { ...store, ...faulty, failNext: (error: Error) => { fault = error; } };
}
