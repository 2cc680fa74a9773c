import { lazy, Suspense, useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import type { StandInWorkbench } from '../../../mocks/workbench';
import type { LoginResponse } from '../../types/api';
import { listenForWorkbenchShortcut, type WorkbenchShortcut } from './shortcut';
import './Workbench.css';

// Its own chunk, loaded when QA first opens it; compared literally, so a build with API_MOCKING=off
// has none of it.
const WorkbenchPanel = lazy(() => (process.env.API_MOCKING !== 'off'
  ? import(/* webpackChunkName: "workbench-panel" */ './WorkbenchPanel')
  : Promise.reject(new Error('The workbench exists only beside the stand-in.'))));

export interface WorkbenchProps {
  /** Why the state in force is not the one asked for (an unknown scenario, faults that do not hold). */
  warning?: string;
  workbench: StandInWorkbench;
  /** Where it hears `g` then `w`: a listener of its own unless the app's start heard them first. */
  shortcut?: WorkbenchShortcut;
  /** The stand-in's store was replaced (reset, imported): the app loads what it shows again. */
  onDataReplaced?: () => void;
  /**
   * The app forgets its answers and starts over: the stand-in answers as another scenario, or answers
   * again after its worker was stopped.
   */
  onStartOver?: () => void;
  /** Points the app at a real server (its origin), or back at the stand-in (undefined). */
  onSwitchBackend?: (origin: string | undefined) => void;
  /** The app starts over as the member a login's answer names (the workbench logged in as them). */
  onLogIn?: (answer: LoginResponse) => void;
}

const OWN_SHORTCUT: WorkbenchShortcut = { listen: listenForWorkbenchShortcut };

function faultCount(count: number): string {
  return count === 1 ? '1 fault' : `${count} faults`;
}

/**
 * QA's way in to the stand-in: a badge while the state differs from the default (a scenario, faults),
 * a warning when what was asked for could not be had, and the panel, opened from the badge or with
 * `g` then `w` on any page.
 */
export function Workbench({ warning, workbench, shortcut = OWN_SHORTCUT, onDataReplaced = () => undefined, onStartOver = () => undefined, onSwitchBackend = () => undefined, onLogIn = () => undefined }: WorkbenchProps) {
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const faults = useSyncExternalStore(workbench.subscribe, workbench.faults);
  const scenario = useSyncExternalStore(workbench.subscribe, workbench.scenario);
  const clock = useSyncExternalStore(workbench.subscribe, workbench.clock);
  const file = useSyncExternalStore(workbench.subscribe, workbench.scenarioFile);
  const realServer = useSyncExternalStore(workbench.subscribe, workbench.realServer);

  const worker = useSyncExternalStore(workbench.worker.subscribe, workbench.worker.state);
  const [workerSeen, setWorkerSeen] = useState<typeof worker>();

  useEffect(() => shortcut.listen(() => setOpen(true)), [shortcut]);
  // The stand-in answers again: the app starts over, so that what failed meanwhile (its calls went
  // to the network, which has no such API) loads again, an error page among it.
  const startOverNow = useEffectEvent(() => onStartOver());
  useEffect(() => workbench.worker.subscribe(() => {
    if (workbench.worker.state().kind === 'restored') startOverNow();
  }), [workbench]);

  // Not while the panel is open: the badge would sit over it.
  const showBadge = !open && (scenario !== 'default' || faults.length > 0 || clock !== null || file !== null || realServer !== null);
  const workerNotice = worker.kind !== 'answering' && workerSeen !== worker ? worker : undefined;
  return (
    <>
      {workerNotice ? (
        // Said on screen: the member saw calls fail, and this is why they work again (or do not).
        <div className="scenario-badge scenario-badge--warning" role={workerNotice.kind === 'lost' ? 'alert' : 'status'}>
          {workerNotice.message}
          <button type="button" className="scenario-badge__dismiss" onClick={() => setWorkerSeen(workerNotice)}>
            Dismiss
          </button>
        </div>
      ) : warning && !dismissed ? (
        // Said on screen, not in the console alone, until QA has read it (it covers the foot of the page on a phone).
        <div className="scenario-badge scenario-badge--warning" role="alert">
          {warning}
          <button type="button" className="scenario-badge__dismiss" onClick={() => setDismissed(true)}>
            Dismiss
          </button>
        </div>
      ) : showBadge ? (
        <button type="button" className="scenario-badge scenario-badge--button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {realServer ? `Real server: ${new URL(realServer).host}` : `Scenario: ${file ? `${file} (a file, on ${scenario})` : scenario}${faults.length > 0 ? `, ${faultCount(faults.length)}` : ''}${clock ? ', clock set' : ''}`}
          <span className="visually-hidden"> (open the stand-in workbench)</span>
        </button>
      ) : null}
      {open ? (
        <Suspense fallback={<div className="scenario-badge" role="status">Opening the workbench…</div>}>
          <WorkbenchPanel workbench={workbench} onClose={() => setOpen(false)} onDataReplaced={onDataReplaced} onStartOver={onStartOver} onSwitchBackend={onSwitchBackend} onLogIn={onLogIn} />
        </Suspense>
      ) : null}
    </>
  );
}
