/**
 * A free loopback port for a listener a test starts later (a metrics port, HAProxy's), from below
 * the system's ephemeral range (32768 and up on Linux). A free port from that range, released, can
 * be handed by the kernel to any port-0 listener (this process's own server included) or another
 * suite's before the test's listener binds it; this range is never handed out that way. Each jest
 * worker scans its own stretch (jest's own process, which has no worker number, the stretch above
 * them: `stretch` 0), and a port once given is not given again in this process.
 */
import { createServer } from 'node:net';

const given = new Set<number>();

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

export async function steadyPort(stretch = Number(process.env.JEST_WORKER_ID ?? '1')): Promise<number> {
  const top = 32_000 - (stretch - 1) * 200;
  for (let port = top; port > top - 200; port -= 1) {
    if (given.has(port) || !(await bindable(port))) continue;
    given.add(port);
    return port;
  }
  throw new Error(`No port from ${top - 199} to ${top} is free on 127.0.0.1.`);
}
