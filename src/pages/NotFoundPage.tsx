import { NotFound, NOT_FOUND_TEXT } from '../components/NotFound';
import { usePageTitle } from '../components/usePageTitle';

/** Any URL the app does not know. */
export function NotFoundPage() {
  usePageTitle('Not Found');
  return (
    <main id="main-content" className="status-page" tabIndex={-1}>
      <NotFound text={NOT_FOUND_TEXT.page} />
    </main>
  );
}
