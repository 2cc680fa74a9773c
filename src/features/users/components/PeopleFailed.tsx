import { useT } from '../../../i18n/useT';

/**
 * Where people were asked for and did not come (the suggestions, a people search): it says so, and
 * Try again asks once more. Announced as it appears; what the member typed stays where it is.
 */
export function PeopleFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="people-failed" role="alert">
      <p className="people-failed__text">{t('people.failed')}</p>
      <button type="button" className="pill-button" onClick={onRetry}>
        {t('failure.tryAgain')}
      </button>
    </div>
  );
}
