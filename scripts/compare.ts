/**
 * `npm run compare -- URL`: the contract's sample calls sent to the stand-in and to the server at URL
 * (its origin, or its API base), and every difference in status and shape listed. Exits 1 on one, 2
 * when the server cannot be reached, 0 when they agree. The server must accept signups (a new
 * member is made for the run) and have its rate limits loose enough for some 25 calls.
 */
import { compareBackends, serverBackend } from '../mocks/compare';

async function main(): Promise<number> {
  const url = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  if (!url || !/^https?:\/\//.test(url)) {
    console.error('Usage: npm run compare -- http://localhost:8080 (the server to hold the stand-in to)');
    return 2;
  }
  try {
    await fetch(new URL('/api/health', url), { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    console.error(`${url} does not answer: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const { calls, differences } = await compareBackends(serverBackend(url));
  if (differences.length === 0) {
    console.log(`The stand-in and ${url} agree on all ${calls} sample calls: the same statuses, the same shapes.`);
    return 0;
  }
  console.log(`The stand-in and ${url} differ (${differences.length} ${differences.length === 1 ? 'difference' : 'differences'} in ${calls} calls):\n`);
  for (const { call, what } of differences) console.log(`  ${call}\n    ${what}`);
  return 1;
}

main().then((code) => {
  process.exitCode = code;
}, (error: unknown) => {
  console.error('compare failed:', error);
  process.exitCode = 2;
});
