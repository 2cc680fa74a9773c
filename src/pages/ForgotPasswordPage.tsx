import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { AuthPage } from '../features/auth/components/AuthScreen';
import { FormActions, TextField } from '../features/auth/components/Fields';
import { useForgotPasswordMutation } from '../features/auth/passwordApi';
import { notifyError } from '../features/ui/notify';
import { useCapability } from '../lib/api/capabilities';
import { LIMITS } from '../../contract/limits';
import { t } from '../i18n/i18n';
import { useT } from '../i18n/useT';

/**
 * /forgot-password: the member types their email address or username, and a link that sets a new
 * password goes to the account's address. The page says the same whether or not an account matched
 * (the backend answers the same), and keeps what was typed.
 */
export function ForgotPasswordPage() {
  const say = useT();
  const has = useCapability('accounts');
  const [login, setLogin] = useState('');
  const [sentFor, setSentFor] = useState<string>();
  const [ask, { isLoading }] = useForgotPasswordMutation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const typed = login.trim();
    if (typed === '') {
      notifyError(t('refusal.resetLoginMissing'), { short: true });
      return;
    }
    try {
      await ask({ login: typed }).unwrap();
      setSentFor(typed);
    } catch {
      // The app's listener showed why; the field keeps its text.
    }
  };

  return (
    <AuthPage
      title={say('page.forgotPassword')}
      intro={say('forgot.about')}
      footer={<Link to={paths.login.href()}>{say('forgot.back')}</Link>}
    >
      {has === false ? <p className="notice" role="alert">{say('forgot.unavailable')}</p> : (
        <form className="auth-form" method="post" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isLoading}>
          <TextField label={say('forgot.login')} name="login" autoComplete="username" autoCapitalize="none" spellCheck={false} required maxLength={LIMITS.emailMax} value={login} onValueChange={setLogin} />
          {/* There from the start, so what it says once sent is announced. */}
          <p className={sentFor !== undefined ? 'notice notice--done' : 'visually-hidden'} role="status">{sentFor !== undefined ? say('forgot.sent', { minutes: LIMITS.passwordResetMinutes }) : null}</p>
          <FormActions submit={{ idle: say('forgot.send'), busy: say('forgot.sending') }} pending={isLoading} />
        </form>
      )}
    </AuthPage>
  );
}
