import { useCallback, useId, useRef, useState, type Ref } from 'react';
import { LabelledInput } from '../../../components/LabelledInput';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import { earliestLocalInput, fromLocalInput, latestLocalInput, ownTimeZone, publishTimeProblem } from '../publishTime';
import './PublishTimeField.css';

/**
 * When a scheduled post publishes: a date and a time in the member's own time zone (named under
 * it), from a minute ahead to a year ahead. What is wrong with it shows under it, in the hint's place.
 */
export function PublishTimeField({ value, onValue, error, ref }: { value: string; onValue: (value: string) => void; error: string | null; ref?: Ref<HTMLInputElement> }) {
  const say = useT();
  const noteId = useId();
  const zone = ownTimeZone();
  return (
    <LabelledInput
      block="publish-time-field"
      label={say('schedule.publishAt')}
      ref={ref}
      type="datetime-local"
      value={value}
      min={earliestLocalInput()}
      max={latestLocalInput()}
      step={60}
      aria-describedby={noteId}
      aria-invalid={error ? true : undefined}
      onValue={onValue}
    >
      {error ? (
        <p id={noteId} className="publish-time-field__error" role="alert">{error}</p>
      ) : (
        <p id={noteId} className="publish-time-field__hint">{zone ? say('schedule.zone', { zone }) : say('schedule.zoneOwn')}</p>
      )}
    </LabelledInput>
  );
}

/**
 * A publish time being picked (`kept` is the one it starts from, empty for none): the field's
 * props, whether it moved from `kept`, and the checks a form runs before sending it. `held` keeps
 * the value elsewhere (a draft, which a reload keeps) instead of in the field's own state.
 */
export function usePublishTime(kept = '', held?: readonly [value: string, setValue: (value: string) => void]) {
  const own = useState(kept);
  const [value, setValue] = held ?? own;
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLInputElement>(null);
  const focus = useCallback(() => box.current?.focus(), []);
  /** Says at the field what is wrong with the time, and takes the focus there. */
  const refuse = (message: string) => {
    setError(message);
    box.current?.focus();
  };
  return {
    field: { ref: box, value, error, onValue: (next: string) => { setValue(next); setError(null); } },
    changed: value !== kept,
    focus,
    refuse,
    /** The time picked, or `undefined` once the field says what is wrong with it. */
    check: (): Date | undefined => {
      const problem = publishTimeProblem(value);
      const time = fromLocalInput(value);
      if (problem || !time) {
        refuse(t(problem ?? 'schedule.timeMissing'));
        return undefined;
      }
      setError(null);
      return time;
    },
    clear: () => {
      setValue('');
      setError(null);
    },
  };
}
