import { useId } from 'react';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import { useAppSelector } from '../../../lib/store/hooks';
import type { QuotePolicy } from '../../../types/api';
import { notifySuccess } from '../../ui/notify';
import { QUOTE_POLICIES, selectOwnQuotePolicy } from '../quotePolicy';
import { useSaveQuotePolicyMutation } from '../repostsApi';
import './Reposts.css';
import '../../../components/SettingsSection.css';

const CHOICE_WORDS = { anyone: 'quotePolicy.anyone', followers: 'quotePolicy.followers', nobody: 'quotePolicy.nobody' } as const;

/**
 * "Who can quote your posts": Anyone, Followers or Nobody, as radio buttons saved as soon as one is
 * chosen. The choice shows at once (the member's record), a toast says it is saved, and the focus
 * stays on it; a failure says why and the choice before comes back.
 */
export function QuotePolicySection() {
  const say = useT();
  const name = useId();
  const titleId = useId();
  const aboutId = useId();
  const current = useAppSelector(selectOwnQuotePolicy);
  const [save] = useSaveQuotePolicyMutation();

  const choose = async (choice: QuotePolicy) => {
    try {
      await save(choice).unwrap();
    } catch {
      // The choice before is back (repostsApi); the app already said what went wrong.
      return;
    }
    notifySuccess(t('quotePolicy.saved', { choice }));
  };

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="muted-and-blocked__title">{say('quotePolicy.title')}</h2>
      <p id={aboutId} className="settings-note settings-section__about">{say('quotePolicy.about')}</p>
      <div className="quote-policy" role="radiogroup" aria-labelledby={titleId} aria-describedby={aboutId}>
        {QUOTE_POLICIES.map((choice) => (
          <label key={choice} className="quote-policy__choice">
            <input type="radio" name={name} value={choice} checked={current === choice} onChange={() => void choose(choice)} />
            {say(CHOICE_WORDS[choice])}
          </label>
        ))}
      </div>
    </section>
  );
}
