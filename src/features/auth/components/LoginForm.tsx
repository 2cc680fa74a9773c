import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEMO_CREDENTIALS } from '../../../config/demo';
import { TIMINGS } from '../../../config/timings';
import { notifyError, notifySuccess } from '../../ui/notify';
import { hasToken } from '../authAnswers';
import { preloadAuthCalls, useAuthCall } from '../useAuthCall';
import { useDemoNetwork } from '../useDemoNetwork';
import { loginRefusalMessage } from '../messages';
import { t, useT } from '../../../i18n/firstWords';
import { FormActions, TextField } from './Fields';

/** What "Fill Test Credentials" fills in: the demo member. */
const SAMPLE = { username: DEMO_CREDENTIALS.username, password: DEMO_CREDENTIALS.password } as const;

export interface LoginFormProps {
  /** Where the member goes once logged in: the page they first asked for, or home. */
  redirectTo: string;
}

/**
 * Login (spec sections 2, 4, 5): both fields are needed; a success shows a toast and moves on after
 * TIMINGS.redirectAfterLoginMs. A refusal says 'Invalid Credentials!' (whichever of the two the
 * backend gave), and what was typed stays.
 */
export function LoginForm({ redirectTo }: LoginFormProps) {
  const navigate = useNavigate();
  const [login, { isLoading }] = useAuthCall('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [succeeded, setSucceeded] = useState(false);
  const demo = useDemoNetwork();
  const say = useT();

  useEffect(() => {
    if (!succeeded) return undefined;
    const timer = window.setTimeout(() => void navigate(redirectTo, { replace: true }), TIMINGS.redirectAfterLoginMs);
    return () => window.clearTimeout(timer);
  }, [succeeded, redirectTo, navigate]);

  const busy = isLoading || succeeded;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const name = username.trim();
    if (name === '' || password === '') {
      notifyError(t('auth.missingCredentials'), { short: true });
      return;
    }
    try {
      const answer = await login({ username: name, password });
      if (!hasToken(answer)) {
        notifyError(t('auth.invalidCredentials'));
        return;
      }
      notifySuccess(t('auth.loggedIn'));
      setSucceeded(true);
    } catch (error) {
      // A refusal is worded here; a network failure or a 5xx went to /error. The fields keep their text.
      const message = loginRefusalMessage(error);
      if (message) notifyError(message);
    }
  };

  const fillTestCredentials = () => {
    setUsername(SAMPLE.username);
    setPassword(SAMPLE.password);
    notifySuccess(t('auth.testCredentialsFilled'), { short: true });
  };

  return (
    <form className="auth-form" method="post" noValidate onFocus={preloadAuthCalls} onSubmit={(event) => void onSubmit(event)} aria-busy={busy}>
      <TextField label={say('auth.username')} name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required value={username} onValueChange={setUsername} />
      <TextField label={say('auth.password')} name="password" type="password" revealNames={{ show: say('auth.showPassword'), hide: say('auth.hidePassword') }} autoComplete="current-password" required value={password} onValueChange={setPassword} />
      <FormActions submit={{ idle: say('auth.loginButton'), busy: say('auth.loggingIn') }} pending={isLoading} disabled={busy} testCredentials={demo ? { sample: SAMPLE, onFill: fillTestCredentials } : undefined} />
    </form>
  );
}
