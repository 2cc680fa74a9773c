import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';

/** What each address that leads nowhere says was not there. */
export const NOT_FOUND_TEXT = {
  page: 'The page you are looking for does not exist or has moved.',
  member: 'No member has this address. They may have left, or the link is mistyped.',
  post: 'This post does not exist or was deleted.',
} as const;

/** The one not-found card, for an unknown address, member or post: what was missing, and the way home. */
export function NotFound({ text }: { text: string }) {
  const titleId = useId();
  return (
    <section className="status-page__card" aria-labelledby={titleId}>
      <p className="status-page__code" aria-hidden="true">404</p>
      <h1 id={titleId} className="status-page__title">Page Not Found</h1>
      <p className="status-page__text">{text}</p>
      <div className="status-page__actions">
        <Link to={paths.home.href()} className="button button--primary">Back to Home</Link>
      </div>
    </section>
  );
}
