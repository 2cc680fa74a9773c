import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { useT } from '../i18n/useT';

/** What each address that leads nowhere says was not there. */
const NOT_FOUND_TEXT = { page: 'notFound.page', member: 'notFound.member', post: 'notFound.post' } as const;

/** The one not-found card, for an unknown address, member or post: what was missing, and the way home. */
export function NotFound({ missing }: { missing: keyof typeof NOT_FOUND_TEXT }) {
  const say = useT();
  const titleId = useId();
  return (
    <section className="status-page__card" aria-labelledby={titleId}>
      <p className="status-page__code" aria-hidden="true">404</p>
      <h1 id={titleId} className="status-page__title">{say('notFound.title')}</h1>
      <p className="status-page__text">{say(NOT_FOUND_TEXT[missing])}</p>
      <div className="status-page__actions">
        <Link to={paths.home.href()} className="button button--primary">{say('notFound.home')}</Link>
      </div>
    </section>
  );
}
