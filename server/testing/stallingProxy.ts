/**
 * A TCP relay on loopback in front of another address, whose open connections can be stalled (it
 * stops passing their bytes either way, as a firewall that silently drops a flow) and resumed.
 * Connections opened while others are stalled pass freely.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface StallingProxy {
  port: number;
  /** Stops passing the bytes of every connection open now. */
  stall(): void;
  /** Passes them again, and what waited meanwhile. */
  resume(): void;
  close(): Promise<void>;
}

export async function startStallingProxy(target: { host: string; port: number }): Promise<StallingProxy> {
  const pairs = new Set<[Socket, Socket]>();
  const stalled = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = connect(target.port, target.host);
    const pair: [Socket, Socket] = [inbound, outbound];
    pairs.add(pair);
    const end = (): void => {
      pairs.delete(pair);
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', end).on('close', end);
    outbound.on('error', end).on('close', end);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    stall() {
      for (const pair of pairs) {
        for (const socket of pair) {
          socket.unpipe();
          socket.pause();
          stalled.add(socket);
        }
      }
    },
    resume() {
      for (const [inbound, outbound] of pairs) {
        if (!stalled.has(inbound)) continue;
        inbound.pipe(outbound);
        outbound.pipe(inbound);
      }
      stalled.clear();
    },
    async close() {
      for (const pair of pairs) pair.forEach((socket) => socket.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
