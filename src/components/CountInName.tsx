import { formatNumber } from '../i18n/i18n';

/**
 * A count a member sees as a number, in a control named in words around it ("Like, 3 likes"): the
 * number shown is the one in the name (WCAG 2.5.3), and the words are for screen readers. A language
 * whose name for the count holds no number keeps the whole name hidden and the number beside it.
 */
export function CountInName({ name, count }: { name: string; count: number }) {
  const shown = formatNumber(count);
  const at = name.indexOf(shown);
  if (at < 0) {
    return (
      <>
        <span className="visually-hidden">{name}</span>
        <span className="post-card__count" aria-hidden="true">{shown}</span>
      </>
    );
  }
  return (
    <>
      <span className="visually-hidden">{name.slice(0, at)}</span>
      <span className="post-card__count">{shown}</span>
      <span className="visually-hidden">{name.slice(at + shown.length)}</span>
    </>
  );
}
