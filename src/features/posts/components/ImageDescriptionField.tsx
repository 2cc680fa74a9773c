import { useId } from 'react';
import { LIMITS } from '../../../../contract/limits';
import { CharacterCount, charactersLeft, CountedTextBox } from './CharacterCount';
import { useT } from '../../../i18n/useT';
import './Composer.css';
import './ImageDescriptionField.css';

export const IMAGE_ALT_LIMIT = LIMITS.imageAltMax;

/** Whether a description fits its limit. */
export function imageAltFits(text: string): boolean {
  return charactersLeft(text, IMAGE_ALT_LIMIT) >= 0;
}

export interface ImageDescriptionFieldProps {
  text: string;
  onText: (text: string) => void;
  /** Its name where a post has several images ("Description of image 2"); "Image description" else. */
  label?: string;
}

/**
 * The description of an attached image (its alt text, the `alt-text` extension): labelled, with its
 * count of characters left, and a gentle reminder while it is empty. Optional: nothing stops a post.
 */
export function ImageDescriptionField({ text, onText, label }: ImageDescriptionFieldProps) {
  const say = useT();
  const countId = useId();
  const reminderId = useId();
  const empty = text.trim() === '';
  return (
    <div className="image-description">
      <p className="image-description__label" aria-hidden="true">{label ?? say('image.description')}</p>
      <CountedTextBox
        label={label ?? say('image.description')}
        className="composer__text image-description__text"
        placeholder={say('image.descriptionPlaceholder')}
        text={text}
        onText={onText}
        rows={2}
        countId={countId}
        describedBy={empty ? reminderId : undefined}
        limit={IMAGE_ALT_LIMIT}
      />
      <div className="image-description__bar">
        {empty ? <p id={reminderId} className="image-description__reminder">{say('image.descriptionReminder')}</p> : null}
        <CharacterCount id={countId} text={text} limit={IMAGE_ALT_LIMIT} />
      </div>
    </div>
  );
}
