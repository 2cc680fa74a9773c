/**
 * The stand-in as a target of the contract suite: its store and token service, reached over
 * msw/node at the context's base URL.
 */
import { publishDuePosts } from '../../contract/rules/scheduledPosts';
import { buildDefaultSeed } from '../../contract/seed/default';
import { withFaults, type ContractTarget } from '../../contract/tests/target';
import { createTokenService, STAND_IN_TOKEN_SECRET } from '../../contract/tokens';
import type { MockContext } from '../context';

export function mswTarget(ctx: MockContext, close: () => Promise<void> = async () => undefined): ContractTarget {
  const store = withFaults(ctx.store);
  ctx.store = store;
  return {
    name: 'msw',
    baseUrl: ctx.baseUrl,
    reset: async () => {
      await ctx.store.load(buildDefaultSeed());
      ctx.db.inbox.length = 0;
    },
    sentMail: () => ctx.db.inbox.map(({ sentAt: _sentAt, ...mail }) => mail),
    snapshot: () => ctx.store.snapshot(),
    load: (snapshot) => ctx.store.load(snapshot),
    signToken: async ({ sub, username, ver = 0, now }) => {
      const tokens = now ? createTokenService({ secret: STAND_IN_TOKEN_SECRET, now: () => now, newId: ctx.newId }) : ctx.tokens;
      return tokens.sign({ id: sub, username, sessionVersion: ver });
    },
    publishDue: () => publishDuePosts(ctx),
    failNext: (error) => store.failNext(error),
    images: ctx.images,
    traits: { imageUrl: 'data-url', demo: true },
    close,
  };
}
