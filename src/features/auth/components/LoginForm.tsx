import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEMO_CREDENTIALS } from '../../../config/demo';
import { TIMINGS } from '../../../config/timings';
import { notifyError, notifySuccess } from '../../ui/notify';
import { hasToken } from '../authAnswers';
import { preloadAuthCalls, useAuthCall } from '../useAuthCall';
import { useDemoNetwork } from '../useDemoNetwork';
import { loginRefusalMessage } from '../messages';
import { errorCode as refusalCode } from '../../../lib/refusalBody';
import { errorCode } from '../../../../contract/messages';
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
 * backend gave), and what was typed stays. With two-factor sign-in on (`accounts`), the backend asks
 * for a code once the password is right: a field for it appears, with the focus, and the next login
 * sends it with the password.
 */
export function LoginForm({ redirectTo }: LoginFormProps) {
  const navigate = useNavigate();
  const [login, { isLoading }] = useAuthCall('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeAsked, setCodeAsked] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const [succeeded, setSucceeded] = useState(false);
  const demo = useDemoNetwork();
  const say = useT();

  useEffect(() => {
    if (!succeeded) return undefined;
    const timer = window.setTimeout(() => void navigate(redirectTo, { replace: true }), TIMINGS.redirectAfterLoginMs);
    return () => window.clearTimeout(timer);
  }, [succeeded, redirectTo, navigate]);

  useEffect(() => {
    if (codeAsked) codeRef.current?.focus();
  }, [codeAsked]);

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
      const typedCode = code.replace(/\s/g, '');
      const answer = await login({ username: name, password, ...(codeAsked && typedCode !== '' ? { code: typedCode } : {}) });
      if (!hasToken(answer)) {
        notifyError(t('auth.invalidCredentials'));
        return;
      }
      notifySuccess(t('auth.loggedIn'));
      setSucceeded(true);
    } catch (error) {
      if (refusalCode(error) === errorCode('twoFactorRequired') && !codeAsked) {
        // The password was right: the form asks for the code, said by the notice above the field.
        setCodeAsked(true);
        return;
      }
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
      {/* There from the start, so that what it says when a code is asked is announced. */}
      <p className={codeAsked ? 'notice notice--step' : 'visually-hidden'} role="status">{codeAsked ? say('auth.codeAsked') : null}</p>
      {codeAsked ? (
        <TextField ref={codeRef} label={say('auth.code')} hint={say('auth.codeHint')} name="code" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} maxLength={24} value={code} onValueChange={setCode} />
      ) : null}
      <FormActions submit={{ idle: say('auth.loginButton'), busy: say('auth.loggingIn') }} pending={isLoading} disabled={busy} testCredentials={demo ? { sample: SAMPLE, onFill: fillTestCredentials } : undefined} />
    </form>
  );
}
