import { useState } from 'react';
import type { StandInWorkbench } from '../../../mocks/workbench';
import { download } from '../../lib/download';
import { JsonFileField } from './JsonFileField';

/** The stand-in's whole store, out to a file and back in from one (checked before it replaces anything). */
export function StoreSection({ workbench, onDataReplaced }: { workbench: StandInWorkbench; onDataReplaced: () => void }) {
  const [imported, setImported] = useState<string>();
  const [busy, setBusy] = useState(false);

  const importStore = async (text: string, fileName: string) => {
    await workbench.importStore(text);
    onDataReplaced();
    return `${fileName} is the store now.`;
  };

  return (
    <section aria-labelledby="workbench-store">
      <h3 id="workbench-store" className="workbench__heading">The stand-in&apos;s store</h3>
      <p className="workbench__text">Every member, post, reply and notification, as one JSON file.</p>
      <button type="button" className="button button--secondary" onClick={() => download(workbench.exportStore(), `socialconnect-${workbench.scenario()}-store.json`, 'application/json')}>
        Export the store
      </button>
      <JsonFileField label="Import a store from a file (it replaces this one, for every tab)" busy={busy} onBusy={setBusy} onSaid={setImported} load={importStore} />
      <p className="workbench__text" role="status">{imported}</p>
    </section>
  );
}
