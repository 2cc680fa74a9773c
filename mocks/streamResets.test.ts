/**
 * A reset told to a stream that opened after it (contract/stream.ts): a load of the network (or a
 * write heard after a gap) reaches the hub a little after it commits, on the server by the change
 * channel. A stream opened in between already starts from the network as loaded; it is not told to
 * load everything again. A reset past where it started, or one whose version is unknown, still is.
 */
import { openEventStream, type Committed, type EventHub } from '../contract/stream';
import { buildDefaultSeed, SEED_USER_IDS } from '../contract/seed/default';
import { createMockContext } from './context';

const { ava } = SEED_USER_IDS;

async function openedStream() {
  const ctx = createMockContext({ delayMs: 0, seed: buildDefaultSeed() });
  let tell: ((committed: Committed) => void) | undefined;
  const hub: EventHub = {
    subscribe(listener) {
      tell = listener;
      return () => {
        tell = undefined;
      };
    },
  };
  const frames: string[] = [];
  const token = await ctx.tokens.sign({ id: ava, username: 'demo_user', sessionVersion: 0 });
  const stream = await openEventStream(ctx, hub, { authorization: `Bearer ${token}` }, { write: (frame) => frames.push(frame) > 0, end: () => undefined });
  if (!('close' in stream)) throw new Error(`the stream did not open: ${JSON.stringify(stream)}`);
  const version = await ctx.store.read((reader) => reader.lastEventId());
  const resets = () => frames.filter((frame) => frame.includes('event: reset'));
  /** Tells the stream, then lets the reset it may send read the version. */
  const told = async (committed: Committed) => {
    tell?.(committed);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { version, resets, told, close: () => stream.close() };
}

describe('a reset told to an open stream', () => {
  it('is not sent to a stream that opened at or past its version', async () => {
    const stream = await openedStream();
    await stream.told({ reset: true, version: stream.version });
    await stream.told({ reset: true, version: stream.version - 1 });
    expect(stream.resets()).toEqual([]);
    stream.close();
  });

  it('is sent when it is past where the stream started, or when its version is unknown', async () => {
    const stream = await openedStream();
    await stream.told({ reset: true, version: stream.version + 1 });
    expect(stream.resets()).toHaveLength(1);
    await stream.told({ reset: true });
    expect(stream.resets()).toHaveLength(2);
    stream.close();
  });
});
