import { ProgressLabel } from '../../../components/ProgressLabel';
import { t } from '../../../i18n/i18n';
import { useLanguage, useT } from '../../../i18n/useT';
import { useCapability } from '../../../lib/api/capabilities';
import { formatDay } from '../../../lib/formatDay';
import { notifySuccess } from '../../ui/notify';
import { useGetAccountDeletionQuery, useKeepAccountMutation } from '../accountApi';
import './LeavingBanner.css';

/**
 * Atop every page while the member's account is set to be deleted: when it goes, that nobody else
 * sees it meanwhile, and "Keep my account". Its live region is on the page from the start, so a
 * screen reader reads it out when it comes; a failed keep leaves it where it is (the app's listener
 * says why).
 */
export function LeavingBanner() {
  const has = useCapability('accounts');
  const { data: deletion } = useGetAccountDeletionQuery(undefined, { skip: has !== true });
  const [keep, { isLoading: keeping }] = useKeepAccountMutation();
  const say = useT();
  const language = useLanguage();
  const purgeAt = deletion?.scheduled ? deletion.purgeAt : null;

  const onKeep = async () => {
    if (keeping) return;
    try {
      await keep().unwrap();
      notifySuccess(t('leaving.kept'));
      // The button goes with the banner: the page's content takes the focus it had.
      document.getElementById('main-content')?.focus({ preventScroll: true });
    } catch {
      // Said by the app's listener; the banner stays.
    }
  };

  return (
    <div className="leaving-banner" role="status">
      {purgeAt !== null ? (
        <div className="notice notice--step leaving-banner__notice">
          <p className="leaving-banner__text">{say('leaving.banner', { date: formatDay(purgeAt, language) })}</p>
          <button type="button" className="button button--primary" aria-disabled={keeping || undefined} onClick={() => void onKeep()}>
            <ProgressLabel pending={keeping} idle={say('leaving.keep')} busy={say('leaving.keeping')} />
          </button>
        </div>
      ) : null}
    </div>
  );
}
