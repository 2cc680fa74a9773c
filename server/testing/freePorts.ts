import { createServer } from 'node:net';

/**
 * A port from which `count` ports in a row are free now, outside the range the system lends for
 * outgoing connections and for servers that listen on port 0 (as most tests' servers do), so a port
 * found free here stays free until its taker starts. The cluster suites give each process a metrics
 * port, the next ones in a row; the test databases take one each.
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
