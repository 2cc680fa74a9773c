import { useId, useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/ProgressLabel';
import { LIMITS } from '../../../../contract/limits';
import { validateEmail } from '../../../../contract/validation';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import { notifySuccess } from '../../ui/notify';
import { useGetAccountEmailQuery, useSetAccountEmailMutation } from '../accountApi';
import './EmailSection.css';

/**
 * The member's email address: where a forgotten password's link goes. Changed here, it waits for the
 * link mailed to it; while it does, the link can be sent again. An address that is not one is said
 * under the field before anything is sent, and what was typed stays whatever the answer.
 */
export function EmailSection() {
  const say = useT();
  const fieldId = useId();
  const noteId = useId();
  const { data: kept, isLoading, isError } = useGetAccountEmailQuery();
  const [save, { isLoading: saving }] = useSetAccountEmailMutation();
  // What the member typed; until they type, the address as kept.
  const [typed, setTyped] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const value = typed ?? kept?.email ?? '';

  if (isLoading) return <p className="feed-page__status">{say('devices.loading')}</p>;
  if (isError && !kept) return <p className="feed-page__status" role="status">{say('account.emailFailed')}</p>;
  if (!kept) return null;

  const changed = value.trim().toLowerCase() !== kept.email.toLowerCase();
  const send = async (email: string) => {
    try {
      validateEmail(email);
    } catch {
      setProblem(say('refusal.emailInvalid'));
      return;
    }
    setProblem(undefined);
    try {
      const after = await save(email.trim()).unwrap();
      notifySuccess(t('account.emailSent', { email: after.email }));
      setTyped(undefined);
    } catch {
      // The app's listener showed why (an address another account has, say); the field keeps it.
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) void send(value);
  };

  const status = kept.email === '' ? say('account.emailNone') : kept.emailConfirmed ? say('account.emailConfirmed') : say('account.emailUnconfirmed');
  return (
    <form className="email-section" noValidate onSubmit={onSubmit} aria-busy={saving}>
      <label className="email-section__label" htmlFor={fieldId}>{say('account.emailField')}</label>
      <input
        id={fieldId}
        className="text-input email-section__input"
        type="email"
        name="email"
        autoComplete="email"
        maxLength={LIMITS.emailMax}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={noteId}
        onChange={(event) => setTyped(event.target.value)}
      />
      <p id={noteId} className={problem ? 'email-section__problem' : 'email-section__status'} role="status">{problem ?? (changed ? '' : status)}</p>
      <div className="email-section__actions">
        <SubmitButton className="button button--primary" formSaysBusy pending={saving} idle={say('account.emailSave')} busy={say('account.emailSaving')} />
        {!changed && kept.email !== '' && !kept.emailConfirmed ? (
          <button type="button" className="button button--secondary" aria-disabled={saving || undefined} onClick={() => !saving && void send(kept.email)}>
            {say('account.emailResend')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
