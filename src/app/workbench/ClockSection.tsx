import { useState, useSyncExternalStore } from 'react';
import { describeClock, type ClockSetting } from '../../../mocks/clock';
import type { StandInWorkbench } from '../../../mocks/workbench';

const UNITS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
type Unit = keyof typeof UNITS;

/** What the controls hold, as text: a half-typed value is kept, not lost. */
interface Draft {
  mode: 'real' | 'frozen' | 'shifted';
  /** A datetime-local value, in the browser's time zone. */
  frozenAt: string;
  shift: string;
  unit: Unit;
}

/** `time` as a datetime-local control holds it: the browser's local time, to the minute. */
function localInput(time: Date): string {
  const local = new Date(time.getTime() - time.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function draftOf(setting: ClockSetting | null): Draft {
  const fresh: Draft = { mode: 'real', frozenAt: localInput(new Date()), shift: '1', unit: 'days' };
  if (setting === null) return fresh;
  if ('frozenAt' in setting) return { ...fresh, mode: 'frozen', frozenAt: localInput(new Date(setting.frozenAt)) };
  const unit = (['days', 'hours', 'minutes'] as const).find((candidate) => setting.shiftMs % UNITS[candidate] === 0) ?? 'minutes';
  return { ...fresh, mode: 'shifted', shift: String(Math.round(setting.shiftMs / UNITS[unit])), unit };
}

/** The setting a draft stands for; a value that cannot be one is said rather than sent. */
function settingOf(draft: Draft): ClockSetting | null | string {
  if (draft.mode === 'real') return null;
  if (draft.mode === 'frozen') {
    const time = new Date(draft.frozenAt);
    return draft.frozenAt === '' || Number.isNaN(time.getTime()) ? 'Give a date and a time to freeze at.' : { frozenAt: time.toISOString() };
  }
  const amount = Number(draft.shift);
  if (draft.shift.trim() === '' || !Number.isInteger(amount) || amount === 0) return 'Give a whole number other than 0 (negative: back in time).';
  return { shiftMs: amount * UNITS[draft.unit] };
}

/**
 * QA's clock: the stand-in's time as it is, frozen at an instant, or shifted; what it writes from
 * then on (posts, edits, replies, notifications) carries that time, and the link carries the clock.
 */
export function ClockSection({ workbench }: { workbench: StandInWorkbench }) {
  const setting = useSyncExternalStore(workbench.subscribe, workbench.clock);
  const [draft, setDraft] = useState<Draft>(() => draftOf(setting));
  const [error, setError] = useState<string>();

  const change = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    const wanted = settingOf(next);
    if (typeof wanted === 'string') {
      setError(wanted);
      return;
    }
    try {
      workbench.setClock(wanted);
      setError(undefined);
    } catch (refusal) {
      // Beyond what the stand-in takes (ten years either way): said here; the clock in force stays.
      setError(refusal instanceof Error ? refusal.message : String(refusal));
    }
  };

  return (
    <section aria-labelledby="workbench-clock">
      <h3 id="workbench-clock" className="workbench__heading">Clock</h3>
      <p className="workbench__text" role="status">{`The stand-in's time: ${describeClock(setting)}.`}</p>
      <fieldset className="workbench__choices">
        <legend className="visually-hidden">The stand-in&apos;s time</legend>
        <label className="workbench__check">
          <input type="radio" name="workbench-clock" checked={draft.mode === 'real'} onChange={() => change({ mode: 'real' })} />
          Real time
        </label>
        <label className="workbench__check">
          <input type="radio" name="workbench-clock" checked={draft.mode === 'frozen'} onChange={() => change({ mode: 'frozen' })} />
          Frozen at an instant
        </label>
        {draft.mode === 'frozen' ? (
          <label className="workbench__field">
            Frozen at (your local time)
            <input type="datetime-local" value={draft.frozenAt} onChange={(event) => change({ frozenAt: event.target.value })} />
          </label>
        ) : null}
        <label className="workbench__check">
          <input type="radio" name="workbench-clock" checked={draft.mode === 'shifted'} onChange={() => change({ mode: 'shifted' })} />
          Shifted from the real time
        </label>
        {draft.mode === 'shifted' ? (
          <div className="workbench__inline">
            <label className="workbench__number">
              Shift (negative: back)
              <input type="number" step={1} inputMode="numeric" value={draft.shift} onChange={(event) => change({ shift: event.target.value })} />
            </label>
            <select aria-label="Unit of the shift" value={draft.unit} onChange={(event) => change({ unit: event.target.value as Unit })}>
              <option value="minutes">minutes</option>
              <option value="hours">hours</option>
              <option value="days">days</option>
            </select>
          </div>
        ) : null}
      </fieldset>
      {error ? <p className="workbench__error" role="alert">{error}</p> : null}
    </section>
  );
}
