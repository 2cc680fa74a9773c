import { useId, type Ref } from 'react';
import { LIMITS } from '../../../../contract/limits';
import { LabelledInput } from '../../../components/LabelledInput';
import { CharacterCount, charactersLeft } from '../components/CharacterCount';
import { useT } from '../../../i18n/useT';
import './ContentWarningField.css';

/** Whether a content warning fits its limit. */
export function contentWarningFits(text: string): boolean {
  return charactersLeft(text, LIMITS.contentWarningMax) >= 0;
}

/**
 * A post's content warning (the `content-warnings` extension), one line above its text: what readers
 * see first, in place of the text and the image, until they open the post. Labelled, with its count
 * of characters left; nothing stops a longer one from being typed, Post waits until it fits.
 */
export function ContentWarningField({ text, onText, ref }: { text: string; onText: (text: string) => void; ref?: Ref<HTMLInputElement> }) {
  const say = useT();
  const countId = useId();
  const hintId = useId();
  return (
    <LabelledInput
      block="content-warning-field"
      label={say('warning.label')}
      ref={ref}
      type="text"
      value={text}
      placeholder={say('warning.placeholder')}
      aria-describedby={`${hintId} ${countId}`}
      aria-invalid={contentWarningFits(text) ? undefined : true}
      dir="auto"
      onValue={onText}
    >
      <div className="content-warning-field__bar">
        <p id={hintId} className="content-warning-field__hint">{say('warning.hint')}</p>
        <CharacterCount id={countId} text={text} limit={LIMITS.contentWarningMax} />
      </div>
    </LabelledInput>
  );
}
