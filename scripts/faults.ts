/**
 * `npm run faults [-- --rounds 20] [-- --modes pglite-server,postgres-server,postgres-postmaster]`:
 * kill -9 in the middle of a burst of writes from 8 writers, a restart on the same data, and a
 * count of every acknowledged write that did not survive. Prints one table; exits 1 if any was
 * lost. Needs PostgreSQL's binaries for the PostgreSQL rounds (see README, "The server").
 */
import { FAULT_MODES, faultTable, openFaultRun, type FaultMode, type ModeSummary } from '../server/testing/faults';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<void> {
  const rounds = Number(option('rounds') ?? 20);
  const modes = (option('modes')?.split(',') ?? Object.keys(FAULT_MODES)) as FaultMode[];
  for (const mode of modes) if (!(mode in FAULT_MODES)) throw new Error(`Unknown mode ${mode}; use ${Object.keys(FAULT_MODES).join(', ')}.`);
  const rows: ModeSummary[] = [];
  for (const mode of modes) {
    const run = await openFaultRun(mode);
    const row: ModeSummary = { mode, rounds: 0, acknowledged: 0, lost: 0, inFlight: 0 };
    try {
      for (let i = 1; i <= rounds; i += 1) {
        const result = await run.round();
        row.rounds += 1;
        row.acknowledged += result.acknowledged;
        row.lost += result.lost.length;
        row.inFlight += result.inFlight;
        console.log(`${FAULT_MODES[mode]}, round ${i}/${rounds}: ${result.acknowledged} acknowledged, ${result.inFlight} in flight at the crash, ${result.lost.length} lost${result.lost.length > 0 ? ` (${result.lost.join(', ')})` : ''}`);
      }
    } finally {
      await run.close();
    }
    rows.push(row);
  }
  console.log(`\n${faultTable(rows)}`);
  if (rows.some((row) => row.lost > 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
