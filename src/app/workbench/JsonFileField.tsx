import { useId, useState } from 'react';
import { textOf } from './files';

/**
 * A field that loads a JSON file into the stand-in. `load` gets the file's text and answers what the
 * status line says of it, or throws what does not hold: that is said under the field, named by the
 * file, and nothing changes. The section keeps `busy` and its status line, which its other actions
 * may share.
 */
export function JsonFileField({ label, busy, onBusy, onSaid, load }: {
  label: string;
  busy: boolean;
  onBusy: (busy: boolean) => void;
  onSaid: (said: string | undefined) => void;
  load: (text: string, fileName: string) => Promise<string>;
}) {
  const [refusal, setRefusal] = useState<string>();
  const inputId = useId();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    onBusy(true);
    onSaid(undefined);
    setRefusal(undefined);
    try {
      onSaid(await load(await textOf(file), file.name));
    } catch (error) {
      // What does not hold is said; what is in force stays as it was.
      setRefusal(`${file.name}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      onBusy(false);
    }
  };

  return (
    <>
      <label className="workbench__field" htmlFor={inputId}>
        {label}
        <input id={inputId} type="file" accept="application/json,.json" disabled={busy} onChange={(event) => void choose(event.target.files?.[0])} />
      </label>
      {refusal ? <p className="workbench__error" role="alert">{refusal}</p> : null}
    </>
  );
}
