import { useSyncExternalStore } from 'react';
import type { StandInWorkbench } from '../../../mocks/workbench';

/** The live stream's faults: what the app does when it drops, goes silent, or comes back with a gap. */
export function StreamSection({ workbench }: { workbench: StandInWorkbench }) {
  const { stream } = workbench;
  const open = useSyncExternalStore(stream.subscribe, stream.openCount);
  const held = useSyncExternalStore(stream.subscribe, stream.held);
  const resetPending = useSyncExternalStore(stream.subscribe, stream.resetPending);
  return (
    <section aria-labelledby="workbench-stream">
      <h3 id="workbench-stream" className="workbench__heading">Live stream</h3>
      <p className="workbench__text" role="status">
        {open === 0 ? 'No live stream is open.' : `${open === 1 ? '1 live stream' : `${open} live streams`} open${held ? ', held' : ''}.`}
      </p>
      <button type="button" className="button button--secondary" disabled={open === 0} onClick={() => stream.drop()}>
        Drop the stream now
      </button>
      <label className="workbench__check">
        <input type="checkbox" checked={held} onChange={(event) => stream.setHeld(event.target.checked)} />
        Hold the stream: open, silent; what comes waits until released
      </label>
      <label className="workbench__check">
        <input type="checkbox" checked={resetPending} onChange={(event) => stream.setResetNext(event.target.checked)} />
        Answer the next reconnect with a reset (as when too much was missed)
      </label>
    </section>
  );
}
