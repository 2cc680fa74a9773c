import { useState, type MouseEvent } from 'react';
import { paths } from '../config/paths';
import { loadPage, pageWouldLoad } from '../lib/pageLoad';
import { ProgressLabel } from './ProgressLabel';
import { useT } from '../i18n/firstWords';

export interface PageLoadFailedProps {
  title: string;
  text: string;
  /** The page that failed: what Reload loads again. */
  failedHref: string;
}

/**
 * The one screen for a page that could not load. Reload loads the page that failed, and Back to Home
 * the home page, each as a new document once the server answers again; while it does not, the screen
 * says so in place (and a screen reader reads it out) rather than leave for the browser's own error page.
 */
export function PageLoadFailed({ title, text, failedHref }: PageLoadFailedProps) {
  const [checking, setChecking] = useState(false);
  // Counts the presses answered "still down", so that each one is read out again.
  const [stillDown, setStillDown] = useState(0);
  const say = useT();

  const leaveFor = async (href: string) => {
    if (checking) return;
    setChecking(true);
    if (await pageWouldLoad(href)) {
      loadPage(href);
      return;
    }
    setChecking(false);
    setStillDown((count) => count + 1);
  };
  const home = paths.home.href();
  const goHome = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    void leaveFor(home);
  };

  return (
    <main id="main-content" className="status-page" tabIndex={-1}>
      <section className="status-page__card" role="alert" aria-labelledby="page-failed-title" aria-busy={checking}>
        <h1 id="page-failed-title" className="status-page__title">{title}</h1>
        <p className="status-page__text">{text}</p>
        {stillDown > 0 ? (
          <p key={stillDown} className="notice status-page__notice" role="status">{say('pageFailed.stillUnreachable')}</p>
        ) : null}
        <div className="status-page__actions">
          <button type="button" className="button button--primary" aria-disabled={checking} onClick={() => void leaveFor(failedHref)}>
            <ProgressLabel pending={checking} idle={say('pageFailed.reload')} busy={say('pageFailed.reloading')} />
          </button>
          <a href={home} className="button button--secondary" aria-disabled={checking} onClick={goHome}>{say('notFound.home')}</a>
        </div>
      </section>
    </main>
  );
}
