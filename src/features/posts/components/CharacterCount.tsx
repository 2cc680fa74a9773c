import { LIMITS } from '../../../../contract/limits';
import { countGraphemes } from '../../../../contract/validation';
import { countOf } from '../../../lib/plural';

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
  const left = charactersLeft(text, limit);
  const over = left < 0;
  return (
    <p id={id} className={`char-count${over ? ' char-count--over' : ''}`} aria-live="polite">
      {over ? `${countOf(-left, 'character')} over the limit` : `${countOf(left, 'character')} left`}
    </p>
  );
}
