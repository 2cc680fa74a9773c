/**
 * A loopback port where nothing listens, and where nothing of the other suites can start listening:
 * below the system's ephemeral range (32768 and up on Linux), which `freePort()` and every port-0
 * listener draw from. A free port from that range, released, was once taken by another suite's
 * throwaway PostgreSQL before a start reached it.
 */
import { connect } from 'node:net';

export async function refusedPort(): Promise<number> {
  for (let port = 1023; port > 900; port -= 1) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); resolve(false); });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return port;
  }
  throw new Error('No port from 901 to 1023 refuses connections on 127.0.0.1.');
}
