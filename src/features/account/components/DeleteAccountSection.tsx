import { useRef, useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/ProgressLabel';
import { LIMITS } from '../../../../contract/limits';
import { ERROR_CODES } from '../../../../contract/messages';
import { classifyFailure, errorCode } from '../../../lib/apiError';
import { refusalTextOf } from '../../../i18n/failureTexts';
import { useT } from '../../../i18n/useT';
import { TextField } from '../../auth/components/Fields';
import { useGetTwoFactorQuery } from '../../twoFactor/twoFactorApi';
import { notifyError } from '../../ui/notify';
import { useDeleteAccountMutation, useGetAccountDeletionQuery } from '../accountApi';
import '../../auth/components/AuthScreen.css';
import './DeleteAccountSection.css';

type Problems = { password?: string; code?: string };

/**
 * "Delete account": what deleting does (hidden at once, gone for good after the backend's grace
 * period unless the member logs in and keeps it), the download offered first, then the password,
 * and with two-factor sign-in on the authenticator's code. A field left empty is said before
 * anything is sent; a wrong password or code is said at its field, and everything typed stays. Once
 * the backend agrees, the store's listener ends the session here and the member lands on /login.
 */
export function DeleteAccountSection({ onDownloadFirst }: { onDownloadFirst: () => void }) {
  const say = useT();
  const { data: deletion } = useGetAccountDeletionQuery();
  const { data: twoFactor } = useGetTwoFactorQuery();
  const [deleteAccount, { isLoading: deleting }] = useDeleteAccountMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // The backend may ask for a code the page did not know was needed (turned on from another device).
  const [codeAsked, setCodeAsked] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const needsCode = twoFactor?.enabled === true || codeAsked;
  const graceDays = deletion?.graceDays ?? LIMITS.deletionGraceDays;

  const mark = (next: Problems) => {
    setProblems(next);
    // The first field with a problem takes the focus, so its message is read with it.
    if (next.password) passwordRef.current?.focus();
    else if (next.code) codeRef.current?.focus();
  };

  const send = async () => {
    const typedCode = code.replace(/\s/g, '');
    const missing: Problems = {
      ...(password === '' ? { password: say('leaving.passwordMissing') } : {}),
      ...(needsCode && typedCode === '' ? { code: say('leaving.codeMissing') } : {}),
    };
    if (missing.password || missing.code) {
      mark(missing);
      return;
    }
    setProblems({});
    try {
      await deleteAccount(needsCode ? { password, code: typedCode } : { password }).unwrap();
      // The session is over: the store's listener took the member to /login, where they are told when it goes.
    } catch (error) {
      const refused = errorCode(error);
      if (refused === ERROR_CODES.invalidCredentials) mark({ password: say('leaving.passwordWrong') });
      else if (refused === ERROR_CODES.twoFactorRequired) {
        setCodeAsked(true);
        // Drawn first, then focused.
        setProblems({ code: say('leaving.codeMissing') });
        setTimeout(() => codeRef.current?.focus());
      } else if (refused === ERROR_CODES.twoFactorCodeInvalid) mark({ code: refusalTextOf(error) });
      // Other refusals are said here (the call's own); a lost connection or a 5xx by the app's listener.
      else if (classifyFailure(error, true).kind === 'client') notifyError(refusalTextOf(error));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!deleting) void send();
  };

  const reveal = { show: say('auth.showPassword'), hide: say('auth.hidePassword') };
  return (
    <div className="delete-account">
      <p className="delete-account__text">{say('leaving.about', { count: graceDays })}</p>
      <div className="delete-account__download">
        <p className="delete-account__text">{say('leaving.downloadAbout')}</p>
        <button type="button" className="button button--secondary" onClick={onDownloadFirst}>
          {say('leaving.downloadFirst')}
        </button>
      </div>
      <form className="delete-account__form" noValidate onSubmit={onSubmit} aria-busy={deleting}>
        <TextField
          ref={passwordRef}
          label={say('leaving.password')}
          name="password"
          type="password"
          revealNames={reveal}
          autoComplete="current-password"
          maxLength={LIMITS.passwordMax}
          error={problems.password}
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            if (problems.password) setProblems(({ code: codeProblem }) => ({ code: codeProblem }));
          }}
        />
        {needsCode ? (
          <TextField
            ref={codeRef}
            label={say('leaving.code')}
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={24}
            hint={say('auth.codeHint')}
            error={problems.code}
            value={code}
            onValueChange={(value) => {
              setCode(value);
              if (problems.code) setProblems(({ password: passwordProblem }) => ({ password: passwordProblem }));
            }}
          />
        ) : null}
        <div className="delete-account__actions">
          <SubmitButton className="button button--danger" formSaysBusy pending={deleting} idle={say('leaving.submit')} busy={say('leaving.submitting')} />
        </div>
      </form>
    </div>
  );
}
