/**
 * kill -9 in the middle of a burst of acknowledged writes, then a restart on the same data: every
 * acknowledged write is there. One round each in CI, three in the full run; `npm run faults` runs 20
 * and prints the table.
 */
import { sized } from '../../contract/tests/size';
import { FAULT_MODES, openFaultRun, type FaultMode } from '../testing/faults';

const ROUNDS = sized(1, 3);

jest.setTimeout(180_000);

describe.each(Object.keys(FAULT_MODES) as FaultMode[])('%s', (mode) => {
  it('keeps every acknowledged write through each crash and restart', async () => {
    const run = await openFaultRun(mode);
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        const result = await run.round();
        expect(result.acknowledged).toBeGreaterThan(0);
        expect(result.lost).toEqual([]);
      }
    } finally {
      await run.close();
    }
  });
});
