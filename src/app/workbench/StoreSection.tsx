import { useId, useState } from 'react';
import type { StandInWorkbench } from '../../../mocks/workbench';
import { download } from '../../lib/download';
import { textOf } from './files';

/** The stand-in's whole store, out to a file and back in from one (checked before it replaces anything). */
export function StoreSection({ workbench, onDataReplaced }: { workbench: StandInWorkbench; onDataReplaced: () => void }) {
  const [refusal, setRefusal] = useState<string>();
  const [imported, setImported] = useState<string>();
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setRefusal(undefined);
    setImported(undefined);
    try {
      await workbench.importStore(await textOf(file));
      onDataReplaced();
      setImported(`${file.name} is the store now.`);
    } catch (error) {
      // What does not hold is said; the store in force stays as it was.
      setRefusal(`${file.name}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="workbench-store">
      <h3 id="workbench-store" className="workbench__heading">The stand-in&apos;s store</h3>
      <p className="workbench__text">Every member, post, reply and notification, as one JSON file.</p>
      <button type="button" className="button button--secondary" onClick={() => download(workbench.exportStore(), `socialconnect-${workbench.scenario()}-store.json`, 'application/json')}>
        Export the store
      </button>
      <label className="workbench__field" htmlFor={inputId}>
        Import a store from a file (it replaces this one, for every tab)
        <input id={inputId} type="file" accept="application/json,.json" disabled={busy} onChange={(event) => void importFile(event.target.files?.[0])} />
      </label>
      {refusal ? <p className="workbench__error" role="alert">{refusal}</p> : null}
      <p className="workbench__text" role="status">{imported}</p>
    </section>
  );
}
