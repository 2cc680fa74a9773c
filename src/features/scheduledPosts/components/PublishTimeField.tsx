import { useId, type Ref } from 'react';
import { useT } from '../../../i18n/useT';
import { earliestLocalInput, latestLocalInput, ownTimeZone } from '../publishTime';
import './PublishTimeField.css';

/**
 * When a scheduled post publishes: a date and a time in the member's own time zone (named under
 * it), from a minute ahead to a year ahead. What is wrong with it shows under it, in the hint's place.
 */
export function PublishTimeField({ value, onValue, error, ref }: { value: string; onValue: (value: string) => void; error: string | null; ref?: Ref<HTMLInputElement> }) {
  const say = useT();
  const inputId = useId();
  const noteId = useId();
  const zone = ownTimeZone();
  return (
    <div className="publish-time-field">
      <label className="publish-time-field__label" htmlFor={inputId}>{say('schedule.publishAt')}</label>
      <input
        ref={ref}
        id={inputId}
        type="datetime-local"
        className="text-input publish-time-field__input"
        value={value}
        min={earliestLocalInput()}
        max={latestLocalInput()}
        step={60}
        aria-describedby={noteId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onValue(event.currentTarget.value)}
      />
      {error ? (
        <p id={noteId} className="publish-time-field__error" role="alert">{error}</p>
      ) : (
        <p id={noteId} className="publish-time-field__hint">{zone ? say('schedule.zone', { zone }) : say('schedule.zoneOwn')}</p>
      )}
    </div>
  );
}
