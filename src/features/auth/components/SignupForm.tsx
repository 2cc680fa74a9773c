import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../lib/store/hooks';
import { SAMPLE_SIGNUP } from '../../../config/demo';
import { paths } from '../../../config/paths';
import { TIMINGS } from '../../../config/timings';
import { notifyError, notifySuccess } from '../../ui/notify';
import { holdLoader, loaderOffAfter, type Cancel } from '../../ui/loaderTimers';
import { hasToken } from '../authAnswers';
import { preloadAuthCalls, useAuthCall } from '../useAuthCall';
import { useSignupNetwork } from '../useSignupNetwork';
import { t, useT } from '../../../i18n/signupWords';
import { CheckField, FormActions, TextField } from './Fields';
import { LIMITS } from '../../../../contract/limits';
import { RuleError } from '../../../../contract/errors';
import { ruleText, type SignupRule } from '../../../i18n/ruleTexts';
import { validateEmail, validateName, validatePassword, validateUsername } from '../../../../contract/validation';
import { keyIsSpent, useIdempotencyKey } from '../../../lib/idempotencyKey';
import { errorCode } from '../../../lib/refusalBody';
import { ERROR_CODES } from '../../../../contract/messages';

/** The signup form's data, named as in spec section 3. */
export interface SignupFormData {
  firstName: string;
  lastName: string;
  userName: string;
  userEmail: string;
  userPassword: string;
  userConfirmPassword: string;
  isSignupConditionsChecked: boolean;
  /** Whether the newcomer agrees to the network's rules (the `moderation` extension), when it shows some. */
  isRulesAccepted: boolean;
}

export const EMPTY_SIGNUP: SignupFormData = {
  firstName: '',
  lastName: '',
  userName: '',
  userEmail: '',
  userPassword: '',
  userConfirmPassword: '',
  isSignupConditionsChecked: false,
  isRulesAccepted: false,
};

type SignupField = keyof SignupFormData;

/** What is wrong with a form that may not be sent: the spec's toast, if any, and each field's message. */
export interface SignupProblems {
  toast: string | null;
  fields: Partial<Record<SignupField, string>>;
}

/** The contract's rule for a field (`key`) in words, or nothing when the value passes. */
function ruleMessage(key: SignupRule, check: () => unknown): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    return error instanceof RuleError ? ruleText(key) : undefined;
  }
}

/** Only the fields that have a message. */
function present(fields: Partial<Record<SignupField, string | undefined>>): SignupProblems['fields'] {
  return Object.fromEntries(Object.entries(fields).filter(([, message]) => message !== undefined));
}

/** A field's message: 'Please fill in this field.' when empty, else the contract's rule's when it fails it. */
function fieldMessage(value: string, key: SignupRule, check: () => unknown): string | undefined {
  return value.trim() === '' ? t('auth.fieldRequired') : ruleMessage(key, check);
}

/**
 * Every field's problem at once, each under its field: empty ones (the e-mail is required too), the
 * Terms unticked, the backends' own rules (contract/validation.ts) for names, username, e-mail and
 * password, so a typo never spends a signup, a confirmation that differs, and the network's rules
 * unagreed when the form shows them (`rulesShown`). The toast is the spec's
 * (section 5), in its order: 'Please Fill All Credentials!' when anything is missing, else 'Password
 * Must Match Confirm Password!' when the confirmation differs. Null when the form may be sent.
 */
export function signupProblems(data: SignupFormData, rulesShown = false): SignupProblems | null {
  // Only a password to compare with makes a confirmation wrong: an empty password is marked itself.
  const mismatch = data.userPassword !== '' && data.userPassword !== data.userConfirmPassword;
  const fields = present({
    firstName: fieldMessage(data.firstName, 'firstNameInvalid', () => validateName(data.firstName, 'firstNameInvalid')),
    lastName: fieldMessage(data.lastName, 'lastNameInvalid', () => validateName(data.lastName, 'lastNameInvalid')),
    userName: fieldMessage(data.userName, 'usernameInvalid', () => validateUsername(data.userName)),
    userEmail: fieldMessage(data.userEmail, 'emailInvalid', () => validateEmail(data.userEmail)),
    userPassword: fieldMessage(data.userPassword, 'passwordInvalid', () => validatePassword(data.userPassword)),
    userConfirmPassword: mismatch ? t('auth.mismatch') : undefined,
    isSignupConditionsChecked: data.isSignupConditionsChecked ? undefined : t('auth.termsRequired'),
    isRulesAccepted: rulesShown && !data.isRulesAccepted ? t('auth.rulesRequired') : undefined,
  });
  if (Object.keys(fields).length === 0) return null;
  const unticked = [t('auth.fieldRequired'), t('auth.termsRequired'), t('auth.rulesRequired')];
  const missing = Object.values(fields).some((message) => unticked.includes(message));
  return { toast: missing ? t('auth.missingCredentials') : mismatch ? t('auth.passwordMismatch') : null, fields };
}

/** What "Fill Test Credentials" fills in, by field name: the sample account, terms accepted. */
const SAMPLE = {
  firstName: SAMPLE_SIGNUP.firstName,
  lastName: SAMPLE_SIGNUP.lastName,
  username: SAMPLE_SIGNUP.username,
  email: SAMPLE_SIGNUP.email,
  password: SAMPLE_SIGNUP.password,
  confirmPassword: SAMPLE_SIGNUP.password,
  terms: true,
} as const;


/**
 * Signup (spec sections 2, 4, 5): loader on, validation, call. Success: the session starts, a toast,
 * loader off, home. An answer without a token: loader off and 'Invalid Credentials!' after 1 s. A
 * refusal (username taken) is shown by the app's listeners; the fields keep their text.
 */
export function SignupForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [signup, { isLoading }] = useAuthCall('signup');
  const [data, setData] = useState<SignupFormData>(EMPTY_SIGNUP);
  const [idempotencyKey, renewKey] = useIdempotencyKey();
  const [problems, setProblems] = useState<SignupProblems['fields']>({});
  const [checked, setChecked] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const cancelNoTokenNotice = useRef<Cancel>(() => undefined);
  const rulesTitleId = useId();
  const { demo, rules, reload: reloadRules } = useSignupNetwork();
  const rulesShown = rules.length > 0;
  const say = useT();

  useEffect(() => () => cancelNoTokenNotice.current(), []);
  // After each check that found a problem, the first field at fault takes the focus.
  useEffect(() => {
    if (checked > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [checked]);

  // A field the member changes is theirs again: its message goes until the next check.
  const field = <K extends keyof SignupFormData>(key: K) => (value: SignupFormData[K]) => {
    setData((current) => ({ ...current, [key]: value }));
    setProblems(({ [key]: _fixed, ...others }) => others);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const releaseLoader = dispatch(holdLoader());
    const found = signupProblems(data, rulesShown);
    setProblems(found?.fields ?? {});
    if (found) {
      releaseLoader();
      if (found.toast) notifyError(found.toast, { short: found.toast === t('auth.missingCredentials') });
      setChecked((count) => count + 1);
      return;
    }
    try {
      const answer = await signup({
        firstName: data.firstName.trim(),
        lastName: data.lastName.trim(),
        username: data.userName.trim(),
        password: data.userPassword,
        // Kept where the backend keeps it (`accounts`): a forgotten password's link goes there.
        email: data.userEmail.trim(),
        // Only where the backend has rules (`moderation`) and showed them here.
        ...(rulesShown ? { acceptedRules: data.isRulesAccepted } : {}),
        idempotencyKey,
      });
      if (!hasToken(answer)) {
        cancelNoTokenNotice.current();
        cancelNoTokenNotice.current = dispatch(loaderOffAfter(TIMINGS.loaderOffShortMs, () => notifyError(t('auth.invalidCredentials'))));
        return;
      }
      notifySuccess(t('auth.signedUp'));
      releaseLoader();
      void navigate(paths.home.href(), { replace: true });
    } catch (error) {
      // The app's listeners hide the loader and show the backend's message in a toast.
      if (keyIsSpent(error)) renewKey();
      // A taken username is said at the field too, in words, and the focus goes there to change it.
      if (errorCode(error) === ERROR_CODES.usernameExists) {
        setProblems((current) => ({ ...current, userName: t('auth.usernameTaken') }));
        setChecked((count) => count + 1);
      }
      // Rules the form did not show yet (written meanwhile): read them, and ask beside their box.
      if (errorCode(error) === ERROR_CODES.rulesNotAccepted) {
        reloadRules();
        setProblems((current) => ({ ...current, isRulesAccepted: t('auth.rulesRequired') }));
        setChecked((count) => count + 1);
      }
    }
  };

  const fillTestCredentials = () => {
    setData((current) => ({
      firstName: SAMPLE.firstName,
      lastName: SAMPLE.lastName,
      userName: SAMPLE.username,
      userEmail: SAMPLE.email,
      userPassword: SAMPLE.password,
      userConfirmPassword: SAMPLE.confirmPassword,
      isSignupConditionsChecked: SAMPLE.terms,
      // Agreeing to the network's rules is the newcomer's own act: never filled in for them.
      isRulesAccepted: current.isRulesAccepted,
    }));
    setProblems({});
    notifySuccess(t('auth.testCredentialsFilled'), { short: true });
  };

  return (
    <form ref={formRef} className="auth-form" method="post" noValidate onFocus={preloadAuthCalls} onSubmit={(event) => void onSubmit(event)} aria-busy={isLoading}>
      <div className="auth-form__row">
        <TextField label={say('auth.firstName')} name="firstName" autoComplete="given-name" required maxLength={LIMITS.nameMax} error={problems.firstName} value={data.firstName} onValueChange={field('firstName')} />
        <TextField label={say('auth.lastName')} name="lastName" autoComplete="family-name" required maxLength={LIMITS.nameMax} error={problems.lastName} value={data.lastName} onValueChange={field('lastName')} />
      </div>
      <TextField label={say('auth.username')} name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required maxLength={LIMITS.usernameMax} hint={say('auth.usernameHint', { min: LIMITS.usernameMin, max: LIMITS.usernameMax })} error={problems.userName} value={data.userName} onValueChange={field('userName')} />
      <TextField label={say('auth.email')} name="email" type="email" autoComplete="email" required error={problems.userEmail} value={data.userEmail} onValueChange={field('userEmail')} />
      <TextField label={say('auth.password')} name="password" type="password" revealNames={{ show: say('auth.showPassword'), hide: say('auth.hidePassword') }} autoComplete="new-password" required maxLength={LIMITS.passwordMax} hint={say('auth.passwordHint', { min: LIMITS.passwordMin, max: LIMITS.passwordMax })} error={problems.userPassword} value={data.userPassword} onValueChange={field('userPassword')} />
      <TextField label={say('auth.confirmPassword')} name="confirmPassword" type="password" revealNames={{ show: say('auth.showConfirmPassword'), hide: say('auth.hideConfirmPassword') }} autoComplete="new-password" required error={problems.userConfirmPassword} value={data.userConfirmPassword} onValueChange={field('userConfirmPassword')} />
      <CheckField label={say('auth.terms')} name="terms" error={problems.isSignupConditionsChecked} checked={data.isSignupConditionsChecked} onCheckedChange={field('isSignupConditionsChecked')} />
      {rulesShown ? (
        <section className="auth-rules" aria-labelledby={rulesTitleId}>
          <h2 id={rulesTitleId} className="auth-rules__title">{say('auth.rulesTitle')}</h2>
          <ol className="auth-rules__list">
            {rules.map((rule) => (
              <li key={rule.id} className="auth-rules__rule">
                <strong className="auth-rules__name">{rule.title}</strong>
                {rule.description ? <p className="auth-rules__description">{rule.description}</p> : null}
              </li>
            ))}
          </ol>
          <CheckField label={say('auth.rulesAccept')} name="acceptedRules" error={problems.isRulesAccepted} checked={data.isRulesAccepted} onCheckedChange={field('isRulesAccepted')} />
        </section>
      ) : null}
      <FormActions
        submit={{ idle: say('auth.createAccount'), busy: say('auth.creatingAccount') }}
        pending={isLoading}
        testCredentials={demo ? { sample: SAMPLE, onFill: fillTestCredentials } : undefined}
      />
    </form>
  );
}
