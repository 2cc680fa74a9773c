import { useState, useSyncExternalStore } from 'react';
import type { LogEntry } from '../../../mocks/requestLog';
import type { StandInWorkbench } from '../../../mocks/workbench';

function clock(at: number): string {
  return new Date(at).toLocaleTimeString('en-GB', { hour12: false });
}

function statusOf(entry: LogEntry): string {
  if (entry.status === 'pending') return 'waiting';
  if (entry.status === 'failed') return 'network failure';
  return String(entry.status);
}

/** What a filter is matched against: what the row shows. */
function searchable(entry: LogEntry): string {
  return `${entry.method} ${entry.path} ${statusOf(entry)} ${entry.fault ? `fault: ${entry.fault}` : ''}`.toLowerCase();
}

function Body({ label, text }: { label: string; text: string | undefined }) {
  return (
    <div className="workbench__body">
      <span className="workbench__body-label">{label}</span>
      {text === undefined ? <span className="workbench__text"> none</span> : <pre>{text}</pre>}
    </div>
  );
}

/** The calls the stand-in answered, newest first: a filter, their bodies on demand, and two ways to copy one. */
export function RequestLogSection({ workbench, copy }: { workbench: StandInWorkbench; copy: (text: string, what: string) => void }) {
  const { log } = workbench;
  const entries = useSyncExternalStore(log.subscribe, log.entries);
  const enabled = useSyncExternalStore(log.subscribe, log.enabled);
  const [filter, setFilter] = useState('');
  const wanted = filter.trim().toLowerCase();
  const shown = entries.filter((entry) => wanted === '' || searchable(entry).includes(wanted)).reverse();

  return (
    <section aria-labelledby="workbench-log">
      <h3 id="workbench-log" className="workbench__heading">Request log</h3>
      <label className="workbench__check">
        <input type="checkbox" checked={enabled} onChange={(event) => log.setEnabled(event.target.checked)} />
        Keep a log of the calls (this tab, until it closes)
      </label>
      <label className="workbench__field">
        Filter the log
        <input type="search" value={filter} placeholder="like, 503, fault" onChange={(event) => setFilter(event.target.value)} />
      </label>
      <p className="workbench__text" role="status">
        {entries.length === 0
          ? enabled ? 'No calls yet.' : 'The log is off: no call is kept.'
          : `Showing ${shown.length} of ${entries.length} ${entries.length === 1 ? 'call' : 'calls'}, newest first.`}
      </p>
      {entries.length > 0 ? <button type="button" className="button button--secondary" onClick={() => log.clear()}>Clear the log</button> : null}
      <ol className="workbench__log" aria-label="Calls">
        {shown.map((entry) => (
          <li key={entry.id}>
            <details>
              <summary>
                <span className="workbench__log-call">{`${clock(entry.at)} ${entry.method} ${entry.path}`}</span>
                {` → ${statusOf(entry)}`}
                {entry.durationMs !== undefined ? ` in ${entry.durationMs} ms` : null}
                {entry.fault ? ` (fault: ${entry.fault})` : null}
              </summary>
              <Body label="Sent" text={entry.requestBody} />
              <Body label="Answered" text={entry.responseBody} />
              <div className="workbench__actions">
                <button type="button" className="button button--secondary" onClick={() => copy(log.asCurl(entry), 'The call, as curl,')}>Copy as curl</button>
                <button type="button" className="button button--secondary" onClick={() => copy(log.asFixture(entry), 'The answer, as a test\'s handler,')}>Copy as a test&apos;s handler</button>
              </div>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
