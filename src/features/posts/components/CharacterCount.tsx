import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { LIMITS } from '../../../../contract/limits';
import { countGraphemes } from '../../../../contract/validation';
import { submitOnCtrlEnter } from '../../../lib/submitOnCtrlEnter';
import { useT } from '../../../i18n/useT';

/** The longest post, in characters as people count them: the limit both backends enforce. */
const POST_TEXT_LIMIT = LIMITS.postTextMax;

export function charactersLeft(text: string, limit: number = POST_TEXT_LIMIT): number {
  return limit - countGraphemes(text);
}

export interface CharacterCountProps {
  id: string;
  text: string;
  limit?: number;
}

/** A live count of the characters left, announced politely; over the limit it turns red. */
export function CharacterCount({ id, text, limit = POST_TEXT_LIMIT }: CharacterCountProps) {
  const t = useT();
  const left = charactersLeft(text, limit);
  const over = left < 0;
  return (
    <p id={id} className={`char-count${over ? ' char-count--over' : ''}`} aria-live="polite">
      {over ? t('characters.over', { count: -left }) : t('characters.left', { count: left })}
    </p>
  );
}

export interface CountedTextBoxProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange' | 'onKeyDown'> {
  /** Its name, read by screen readers (the box shows a placeholder, or sits under a title). */
  label: string;
  text: string;
  onText: (text: string) => void;
  /** The id of the CharacterCount that describes it, after `describedBy` when there is one. */
  countId: string;
  describedBy?: string;
  limit?: number;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The text box of a post or reply: named, written in either direction, invalid past its limit, sent with Ctrl+Enter. */
export function CountedTextBox({ label, text, onText, countId, describedBy, limit = POST_TEXT_LIMIT, ...textarea }: CountedTextBoxProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        dir="auto"
        value={text}
        aria-describedby={describedBy ? `${describedBy} ${countId}` : countId}
        aria-invalid={charactersLeft(text, limit) < 0 || undefined}
        onChange={(event) => onText(event.target.value)}
        onKeyDown={submitOnCtrlEnter}
        {...textarea}
      />
    </>
  );
}
