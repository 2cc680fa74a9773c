import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { AuthPage } from '../features/auth/components/AuthScreen';
import { FormActions, TextField } from '../features/auth/components/Fields';
import { useResetPasswordMutation } from '../features/auth/passwordApi';
import { notifySuccess } from '../features/ui/notify';
import { LIMITS } from '../../contract/limits';
import { errorCode } from '../../contract/messages';
import { validatePassword } from '../../contract/validation';
import { errorCode as refusalCodeOf } from '../lib/refusalBody';
import { t } from '../i18n/i18n';
import { useT } from '../i18n/useT';

/** The token a reset link carries in its fragment (`#token=…`), which no server sees. */
function tokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * /reset-password#token=…: the page a mailed link opens. The member types a new password twice; once
 * set, every device of theirs is logged out and they log in with it. A link used or expired says so,
 * with the way to ask for a new one; what was typed stays.
 */
export function ResetPasswordPage() {
  const say = useT();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [token] = useState(() => tokenOf(hash));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<{ password?: string; confirm?: string }>({});
  const [linkDead, setLinkDead] = useState(token === '');
  const [reset, { isLoading }] = useResetPasswordMutation();
  const reveal = { show: say('auth.showPassword'), hide: say('auth.hidePassword') };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    let passwordProblem: string | undefined;
    try {
      validatePassword(password);
    } catch {
      passwordProblem = say('refusal.passwordInvalid', { min: LIMITS.passwordMin, max: LIMITS.passwordMax });
    }
    const found = { password: passwordProblem, confirm: !passwordProblem && confirm !== password ? say('reset.mismatch') : undefined };
    setProblems(found);
    if (found.password || found.confirm) return;
    try {
      await reset({ token, password }).unwrap();
    } catch (error) {
      // The app's listener showed the backend's message; the fields keep their text.
      if (refusalCodeOf(error) === errorCode('resetLinkInvalid')) setLinkDead(true);
      return;
    }
    notifySuccess(t('reset.done'));
    void navigate(paths.login.href(), { replace: true });
  };

  return (
    <AuthPage
      title={say('page.resetPassword')}
      intro={say('reset.about')}
      footer={<Link to={paths.login.href()}>{say('forgot.back')}</Link>}
    >
      {linkDead ? (
        // A link refused was said already, by the app's toast; a page opened without one says so here.
        <p className="notice" role={token === '' ? 'alert' : undefined}>
          {token === '' ? say('reset.noLink') : say('refusal.resetLinkInvalid')}{' '}
          <Link to={paths.forgotPassword.href()}>{say('reset.askAgain')}</Link>
        </p>
      ) : null}
      {token !== '' ? (
        <form className="auth-form" method="post" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={isLoading}>
          <TextField label={say('reset.password')} name="password" type="password" revealNames={reveal} autoComplete="new-password" required maxLength={LIMITS.passwordMax} hint={say('auth.passwordHint', { min: LIMITS.passwordMin, max: LIMITS.passwordMax })} error={problems.password} value={password} onValueChange={setPassword} />
          <TextField label={say('reset.confirm')} name="confirm" type="password" revealNames={reveal} autoComplete="new-password" required maxLength={LIMITS.passwordMax} error={problems.confirm} value={confirm} onValueChange={setConfirm} />
          <FormActions submit={{ idle: say('reset.save'), busy: say('reset.saving') }} pending={isLoading} />
        </form>
      ) : null}
    </AuthPage>
  );
}
