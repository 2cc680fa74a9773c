import { useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useLanguage } from '../../i18n/useT';
import type { FaultAnswer, FaultRoute, FaultRule, FaultTimes } from '../../../mocks/faultRules';
import type { StandInWorkbench } from '../../../mocks/workbench';
import type { LoginResponse } from '../../types/api';
import { Dialog } from '../../components/Dialog';
import { BackendSection } from './BackendSection';
import { ClockSection } from './ClockSection';
import { AuthenticatorSection } from './AuthenticatorSection';
import { InboxSection } from './InboxSection';
import { JsonFileField } from './JsonFileField';
import { LanguageSection, linkInLanguage } from './LanguageSection';
import { MembersSection } from './MembersSection';
import { RequestLogSection } from './RequestLogSection';
import { StoreSection } from './StoreSection';
import { StreamSection } from './StreamSection';

export interface WorkbenchPanelProps {
  workbench: StandInWorkbench;
  onClose: () => void;
  /** The stand-in's store was replaced: the app loads what it shows again. */
  onDataReplaced: () => void;
  /** The stand-in answers as another scenario: the app starts over. */
  onStartOver: () => void;
  /** Points the app at a real server (its origin), or back at the stand-in (undefined). */
  onSwitchBackend?: (origin: string | undefined) => void;
  /** The app starts over as the member a login's answer names (the workbench logged in as them). */
  onLogIn?: (answer: LoginResponse) => void;
}

/** A rule's form as its controls hold it: text, so that a half-typed number is kept, not lost. */
interface Draft {
  answer: string;
  delayMs: string;
  times: string;
  count: string;
}

const NORMAL: Draft = { answer: 'normal', delayMs: '2000', times: 'always', count: '3' };

function draftOf(rule: FaultRule | undefined): Draft {
  if (!rule) return NORMAL;
  const { answer } = rule;
  const times = rule.times ?? 'always';
  return {
    answer: typeof answer === 'number' ? String(answer) : typeof answer === 'string' ? answer : 'delay',
    delayMs: typeof answer === 'object' ? String(answer.delayMs) : NORMAL.delayMs,
    times: typeof times === 'string' ? times : 'next' in times ? 'next' : 'share',
    count: typeof times === 'object' ? String('next' in times ? times.next : times.share) : NORMAL.count,
  };
}

/** The rule a draft stands for (undefined: the call answers as usual); the stand-in checks it. */
function ruleOf(route: string, draft: Draft): FaultRule | undefined {
  if (draft.answer === 'normal') return undefined;
  const answer: FaultAnswer = draft.answer === 'delay' ? { delayMs: Number(draft.delayMs) }
    : draft.answer === 'network-failure' || draft.answer === 'never' ? draft.answer : Number(draft.answer);
  const times: FaultTimes = draft.times === 'next' ? { next: Number(draft.count) }
    : draft.times === 'share' ? { share: Number(draft.count) } : draft.times === 'once' ? 'once' : 'always';
  return { route, answer, times };
}

function RouteFault({ workbench, route, rule }: { workbench: StandInWorkbench; route: FaultRoute; rule: FaultRule | undefined }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [error, setError] = useState<string>();
  const id = useId();

  const change = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    const others = workbench.faults().filter((candidate) => candidate.route !== route.route);
    const own = ruleOf(route.route, next);
    try {
      workbench.setFaults(own ? [...others, own] : others);
      setError(undefined);
    } catch (refusal) {
      // The rule does not hold (a delay of 0, a share of 100): said beside it; the rules in force stay.
      setError(refusal instanceof Error ? refusal.message.replace(/^faults\[\d+\]\./, '') : String(refusal));
    }
  };

  const faulted = draft.answer !== 'normal';
  return (
    <li className={`workbench__route${faulted ? ' workbench__route--faulted' : ''}`}>
      <span className="workbench__route-name" id={`${id}-name`}>{route.route}</span>
      <select aria-label={`Answer of ${route.route}`} value={draft.answer} onChange={(event) => change({ answer: event.target.value })}>
        <option value="normal">Answers as usual</option>
        {workbench.statuses.map(({ status, message }) => (
          <option key={status} value={String(status)}>{`${status}: ${message}`}</option>
        ))}
        <option value="network-failure">Network failure</option>
        <option value="delay">Answers late</option>
        <option value="never">Never answers</option>
      </select>
      {draft.answer === 'delay' ? (
        <label className="workbench__number">
          Delay (ms)
          <input type="number" min={1} max={60000} step={100} inputMode="numeric" value={draft.delayMs} onChange={(event) => change({ delayMs: event.target.value })} />
        </label>
      ) : null}
      {faulted ? (
        <select aria-label={`How often for ${route.route}`} value={draft.times} onChange={(event) => change({ times: event.target.value })}>
          <option value="always">Every call</option>
          <option value="once">The next call</option>
          <option value="next">The next N calls</option>
          <option value="share">A share of calls (%)</option>
        </select>
      ) : null}
      {faulted && (draft.times === 'next' || draft.times === 'share') ? (
        <label className="workbench__number">
          {draft.times === 'next' ? 'Calls' : 'Percent'}
          <input type="number" min={1} max={draft.times === 'share' ? 99 : undefined} inputMode="numeric" value={draft.count} onChange={(event) => change({ count: event.target.value })} />
        </label>
      ) : null}
      {error ? <p className="workbench__error" role="alert">{error}</p> : null}
    </li>
  );
}

/**
 * QA's workbench: the scenario (switched, or its data reset), a fault for any route of the contract's
 * table, and a link that opens the same state in another browser.
 */
export default function WorkbenchPanel({ workbench, onClose, onDataReplaced, onStartOver, onSwitchBackend = () => undefined, onLogIn = () => undefined }: WorkbenchPanelProps) {
  const faults = useSyncExternalStore(workbench.subscribe, workbench.faults);
  const inForce = useSyncExternalStore(workbench.subscribe, workbench.scenario);
  const [chosen, setChosen] = useState(inForce);
  const [filter, setFilter] = useState('');
  const [copied, setCopied] = useState<string>();
  const [resetting, setResetting] = useState(false);
  const [resetSaid, setResetSaid] = useState<string>();
  // Cleared faults start every row again from "as usual".
  const [generation, setGeneration] = useState(0);
  const groups = useMemo(() => {
    const byGroup = new Map<string, FaultRoute[]>();
    for (const route of workbench.routes) byGroup.set(route.group, [...(byGroup.get(route.group) ?? []), route]);
    return [...byGroup];
  }, [workbench.routes]);
  const language = useLanguage();
  const link = linkInLanguage(workbench.link(), language);
  const description = workbench.scenarios.find(({ name }) => name === chosen)?.description;
  const wanted = filter.trim().toLowerCase();

  // The seed again, or another scenario's, in place: no reload; the app loads what it shows again.
  const changeData = async (change: () => Promise<void>, then: () => void, said: string) => {
    setResetting(true);
    setResetSaid(undefined);
    try {
      await change();
      then();
      setResetSaid(said);
    } catch (error) {
      setResetSaid(`The data could not be changed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setResetting(false);
    }
  };
  const resetData = () => changeData(() => workbench.resetData(), onDataReplaced, `The data of ${inForce} is its seed again.`);
  const switchScenario = () => changeData(() => workbench.switchScenario(chosen), onStartOver, `The stand-in answers as ${chosen} now, from its seed.`);
  // QA's own scenario from a file: checked first; what does not hold is said beside it, and nothing changes.
  const loadScenarioFile = async (text: string, fileName: string) => {
    const loaded = await workbench.loadScenarioFile(text);
    setChosen(loaded.base);
    onStartOver();
    return `${fileName} is loaded: the scenario ${loaded.name}, on ${loaded.base}.`;
  };

  const copy = async (text: string, what: string, fallback: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(`${what} copied.`);
    } catch {
      setCopied(`The browser refused to copy: ${fallback}`);
    }
  };

  return (
    <Dialog title="Stand-in workbench" onClose={onClose}>
      <div className="workbench">
        <section aria-labelledby="workbench-scenario">
          <h3 id="workbench-scenario" className="workbench__heading">Scenario</h3>
          <label className="workbench__field">
            Scenario
            <select value={chosen} onChange={(event) => setChosen(event.target.value as typeof chosen)} data-autofocus>
              {workbench.scenarios.map(({ name }) => (
                <option key={name} value={name}>{name === inForce ? `${name} (in force)` : name}</option>
              ))}
            </select>
          </label>
          <p className="workbench__text">{description}</p>
          {/* Not `disabled` while at work: the focus stays on it, in the panel, and Escape still closes it. */}
          <button type="button" className="button button--primary" aria-disabled={resetting} onClick={() => void (resetting ? undefined : chosen === inForce ? resetData() : switchScenario())}>
            {chosen === inForce ? 'Reset its data' : `Switch to ${chosen}`}
          </button>
          <JsonFileField
            label="Load a QA scenario file (JSON: a name, a base scenario, and a seed, faults or a clock)"
            busy={resetting}
            onBusy={setResetting}
            onSaid={setResetSaid}
            load={loadScenarioFile}
          />
          <p className="workbench__text" role="status">{resetSaid}</p>
        </section>

        <section aria-labelledby="workbench-faults">
          <h3 id="workbench-faults" className="workbench__heading">Faults per call</h3>
          <p className="workbench__text" role="status">
            {faults.length === 0 ? 'No faults: every call answers as usual.' : faults.map(workbench.describe).join('; ')}
          </p>
          {faults.length > 0 ? (
            <button type="button" className="button button--secondary" onClick={() => { workbench.setFaults([]); setGeneration((value) => value + 1); }}>
              Clear every fault
            </button>
          ) : null}
          <label className="workbench__field">
            Find a route
            <input type="search" value={filter} placeholder="like, /feed, POST" onChange={(event) => setFilter(event.target.value)} />
          </label>
          {groups.map(([group, routes]) => {
            const shown = routes.filter(({ route }) => route.toLowerCase().includes(wanted));
            if (shown.length === 0) return null;
            const faultedHere = shown.some(({ route }) => faults.some((rule) => rule.route === route));
            return (
              <details key={group} className="workbench__group" open={wanted !== '' || faultedHere}>
                <summary>{`/${group}`} <span className="workbench__count">({shown.length})</span></summary>
                <ul className="workbench__routes">
                  {shown.map((route) => (
                    <RouteFault key={`${route.route}#${generation}`} workbench={workbench} route={route} rule={faults.find((rule) => rule.route === route.route)} />
                  ))}
                </ul>
              </details>
            );
          })}
        </section>

        <StreamSection workbench={workbench} />

        <ClockSection workbench={workbench} />

        <MembersSection workbench={workbench} onLogIn={onLogIn} />

        <InboxSection workbench={workbench} />
        <AuthenticatorSection workbench={workbench} />

        <LanguageSection />

        <StoreSection workbench={workbench} onDataReplaced={onDataReplaced} />

        <section aria-labelledby="workbench-share">
          <h3 id="workbench-share" className="workbench__heading">Share this state</h3>
          <label className="workbench__field">
            Link: this page, its scenario, its faults, its clock, its backend and its language
            <input type="text" readOnly value={link} onFocus={(event) => event.target.select()} />
          </label>
          <button type="button" className="button button--secondary" onClick={() => void copy(link, 'Link', 'select the link above and copy it.')}>Copy link</button>
        </section>

        <BackendSection workbench={workbench} onSwitchBackend={onSwitchBackend} />

        <RequestLogSection workbench={workbench} copy={(text, what) => void copy(text, what, 'open the call and copy from its bodies.')} />
        {/* What a copy did, said once, wherever it was pressed. */}
        <p className="workbench__text" role="status">{copied}</p>
      </div>
    </Dialog>
  );
}
