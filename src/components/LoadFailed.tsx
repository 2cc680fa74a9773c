import { useT } from '../i18n/useT';

/**
 * A list that could not be read: why, said at once to screen readers, and a button that asks again
 * (held while the question is out). The page brings the stylesheets.
 */
export function LoadFailed({ text, onTryAgain, asking = false }: { text: string; onTryAgain: () => unknown; asking?: boolean }) {
  const t = useT();
  return (
    <p className="feed-page__status" role="alert">
      {text}{' '}
      <button type="button" className="button button--secondary" disabled={asking} onClick={() => void onTryAgain()}>{t('failure.tryAgain')}</button>
    </p>
  );
}
