import { createServer } from 'node:net';

/**
 * A port from which `count` ports in a row are free now, outside the range the system lends for
 * outgoing connections: the cluster suites give each process a metrics port, the next ones in a row.
 */
export async function freePortsInARow(count: number): Promise<number> {
  const free = (port: number) => new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
  for (let tries = 0; tries < 50; tries += 1) {
    const first = 20_000 + Math.floor(Math.random() * 10_000);
    let all = true;
    for (let port = first; port < first + count && all; port += 1) all = await free(port);
    if (all) return first;
  }
  throw new Error(`no ${count} free ports in a row`);
}
