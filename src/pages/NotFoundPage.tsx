import { NotFound } from '../components/NotFound';
import { usePageTitle } from '../components/usePageTitle';
import { useT } from '../i18n/useT';

/** Any URL the app does not know. */
export function NotFoundPage() {
  const say = useT();
  usePageTitle(say('page.notFoundTitle'));
  return (
    <main id="main-content" className="status-page" tabIndex={-1}>
      <NotFound missing="page" />
    </main>
  );
}
