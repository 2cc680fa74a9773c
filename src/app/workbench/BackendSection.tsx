import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { checkRealServer, readServerOrigin } from '../../../mocks/backendChoice';
import type { Difference } from '../../../mocks/compare';
import type { StandInWorkbench } from '../../../mocks/workbench';

export interface BackendSectionProps {
  workbench: StandInWorkbench;
  /** Points the app at a real server (its origin), or back at the stand-in (undefined). */
  onSwitchBackend: (origin: string | undefined) => void;
}

type Comparison = { calls: number; differences: Difference[] };

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The developers' switch: a real server answers the app in the stand-in's place, by its address,
 * without a rebuild or a reload (`?backend=` in the address does the same), and back. With a real
 * server in use, the stand-in can be held to it: the contract's sample calls on both, every difference listed.
 */
export function BackendSection({ workbench, onSwitchBackend }: BackendSectionProps) {
  const realServer = useSyncExternalStore(workbench.subscribe, workbench.realServer);
  const [address, setAddress] = useState(realServer ?? '');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [said, setSaid] = useState<string>();
  const [comparison, setComparison] = useState<Comparison>();
  const [comparing, setComparing] = useState(false);
  const [compareFailure, setCompareFailure] = useState<string>();
  const id = useId();
  const addressField = useRef<HTMLInputElement>(null);

  const chooseServer = async () => {
    setRefusal(undefined);
    setSaid(undefined);
    setBusy(true);
    try {
      const origin = readServerOrigin(address);
      await checkRealServer(origin, window.location.origin);
      workbench.setRealServer(origin);
      onSwitchBackend(origin);
      setAddress(origin);
      setComparison(undefined);
      setSaid(`The server at ${origin} answers the app now. Log in with an account of that server.`);
    } catch (error) {
      // What was typed stays, for a correction.
      setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const backToStandIn = () => {
    workbench.setRealServer(null);
    onSwitchBackend(undefined);
    setComparison(undefined);
    setCompareFailure(undefined);
    setSaid(`The stand-in answers again, as ${workbench.scenario()}, with its data as it was.`);
    // The button pressed is gone: the focus goes to the address, where the next switch starts.
    addressField.current?.focus();
  };
  const compare = async () => {
    setComparing(true);
    setComparison(undefined);
    setCompareFailure(undefined);
    try {
      setComparison(await workbench.compare());
    } catch (error) {
      setCompareFailure(`The comparison could not run: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setComparing(false);
    }
  };

  return (
    <section aria-labelledby="workbench-backend">
      <h3 id="workbench-backend" className="workbench__heading">Backend</h3>
      <p className="workbench__text">
        {realServer
          ? `The real server at ${realServer} answers the app. The stand-in keeps its data for the way back; the faults, the clock and the request log act on the stand-in alone.`
          : `The stand-in answers the app, as ${workbench.scenario()}.`}
      </p>
      <label className="workbench__field" htmlFor={`${id}-address`}>
        Real server address
        <input
          id={`${id}-address`}
          ref={addressField}
          type="url"
          inputMode="url"
          placeholder="http://127.0.0.1:8080"
          value={address}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-refusal` : `${id}-hint`}
          onChange={(event) => setAddress(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !busy) void chooseServer();
          }}
        />
      </label>
      <p className="workbench__text" id={`${id}-hint`}>
        The server must accept this page&apos;s origin: start it with <code>{`DEV_ORIGINS=${window.location.origin}`}</code>.
        The address can also be given as <code className="workbench__nowrap">?backend=</code> in the page&apos;s address.
      </p>
      {refusal ? <p className="workbench__error" id={`${id}-refusal`} role="alert">{refusal}</p> : null}
      <div className="workbench__actions">
        <button type="button" className="button button--primary" aria-disabled={busy} onClick={() => void (busy ? undefined : chooseServer())}>
          {busy ? 'Asking the server…' : 'Use this server'}
        </button>
        {realServer ? (
          <button type="button" className="button button--secondary" onClick={backToStandIn}>Back to the stand-in</button>
        ) : null}
      </div>
      <p className="workbench__text" role="status">{said}</p>
      {realServer ? (
        <>
          <p className="workbench__text" id={`${id}-compare`}>
            The comparison sends the contract&apos;s sample calls to both: on that server it signs up a member of its own, who stays.
          </p>
          <button type="button" className="button button--secondary" aria-disabled={comparing} aria-describedby={`${id}-compare`} onClick={() => void (comparing ? undefined : compare())}>
            {comparing ? 'Comparing…' : 'Compare with the stand-in'}
          </button>
          <div role="status" className="workbench__text">
            {comparison && comparison.differences.length === 0
              ? `The stand-in and ${realServer} agree on all ${comparison.calls} sample calls: the same statuses, the same shapes.`
              : comparison
                ? `The stand-in and ${realServer} differ: ${plural(comparison.differences.length, 'difference', 'differences')} in ${comparison.calls} calls.`
                : null}
          </div>
          {comparison && comparison.differences.length > 0 ? (
            <ul className="workbench__differences" aria-label="Differences">
              {comparison.differences.map(({ call, what }) => (
                <li key={`${call} ${what}`}><code>{call}</code>: {what}</li>
              ))}
            </ul>
          ) : null}
          {compareFailure ? <p className="workbench__error" role="alert">{compareFailure}</p> : null}
        </>
      ) : null}
    </section>
  );
}
