import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../lib/store/hooks';
import { SAMPLE_SIGNUP } from '../../../config/demo';
import { paths } from '../../../config/paths';
import { TIMINGS } from '../../../config/timings';
import { notifyError, notifySuccess } from '../../ui/notify';
import { holdLoader, loaderOffAfter, type Cancel } from '../../ui/loaderTimers';
import { hasToken } from '../authAnswers';
import { preloadAuthCalls, useAuthCall } from '../useAuthCall';
import { AUTH_MESSAGES } from '../messages';
import { FormActions, TextField } from './Fields';
import { LIMITS } from '../../../../contract/limits';

/** The signup form's data, named as in spec section 3. */
export interface SignupFormData {
  firstName: string;
  lastName: string;
  userName: string;
  userEmail: string;
  userPassword: string;
  userConfirmPassword: string;
  isSignupConditionsChecked: boolean;
}

export const EMPTY_SIGNUP: SignupFormData = {
  firstName: '',
  lastName: '',
  userName: '',
  userEmail: '',
  userPassword: '',
  userConfirmPassword: '',
  isSignupConditionsChecked: false,
};

/**
 * Spec section 5, in order: what is missing first (the e-mail is required by the form, though it is
 * neither checked nor sent), then the confirmation. Null when the form may be sent.
 */
export function signupProblem(data: SignupFormData): string | null {
  const required = [data.firstName, data.lastName, data.userName, data.userEmail, data.userPassword];
  if (required.some((value) => value.trim() === '') || !data.isSignupConditionsChecked) return AUTH_MESSAGES.missingCredentials;
  if (data.userPassword !== data.userConfirmPassword) return AUTH_MESSAGES.passwordMismatch;
  return null;
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

/** The rules shown under the fields before the member submits (the backends' own limits). */
const FIELD_HINTS = {
  username: `${LIMITS.usernameMin} to ${LIMITS.usernameMax} characters: letters, digits or underscores.`,
  password: `${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters.`,
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
  const cancelNoTokenNotice = useRef<Cancel>(() => undefined);

  useEffect(() => () => cancelNoTokenNotice.current(), []);

  const field = <K extends keyof SignupFormData>(key: K) => (value: SignupFormData[K]) => setData((current) => ({ ...current, [key]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const releaseLoader = dispatch(holdLoader());
    const problem = signupProblem(data);
    if (problem) {
      releaseLoader();
      notifyError(problem, { short: problem === AUTH_MESSAGES.missingCredentials });
      return;
    }
    try {
      const answer = await signup({
        firstName: data.firstName.trim(),
        lastName: data.lastName.trim(),
        username: data.userName.trim(),
        password: data.userPassword,
      });
      if (!hasToken(answer)) {
        cancelNoTokenNotice.current();
        cancelNoTokenNotice.current = dispatch(loaderOffAfter(TIMINGS.loaderOffShortMs, () => notifyError(AUTH_MESSAGES.invalidCredentials)));
        return;
      }
      notifySuccess(AUTH_MESSAGES.signedUp);
      releaseLoader();
      void navigate(paths.home.href(), { replace: true });
    } catch {
      // The app's listeners hide the loader and show the backend's message (or go to /error).
    }
  };

  const fillTestCredentials = () => {
    setData({
      firstName: SAMPLE.firstName,
      lastName: SAMPLE.lastName,
      userName: SAMPLE.username,
      userEmail: SAMPLE.email,
      userPassword: SAMPLE.password,
      userConfirmPassword: SAMPLE.confirmPassword,
      isSignupConditionsChecked: SAMPLE.terms,
    });
    notifySuccess(AUTH_MESSAGES.testCredentialsFilled, { short: true });
  };

  return (
    <form className="auth-form" method="post" noValidate onFocus={preloadAuthCalls} onSubmit={(event) => void onSubmit(event)} aria-busy={isLoading}>
      <div className="auth-form__row">
        <TextField label="First Name" name="firstName" autoComplete="given-name" required maxLength={LIMITS.nameMax} value={data.firstName} onValueChange={field('firstName')} />
        <TextField label="Last Name" name="lastName" autoComplete="family-name" required maxLength={LIMITS.nameMax} value={data.lastName} onValueChange={field('lastName')} />
      </div>
      <TextField label="Username" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required maxLength={LIMITS.usernameMax} hint={FIELD_HINTS.username} value={data.userName} onValueChange={field('userName')} />
      <TextField label="Email Address" name="email" type="email" autoComplete="email" required value={data.userEmail} onValueChange={field('userEmail')} />
      <TextField label="Password" name="password" type="password" autoComplete="new-password" required maxLength={LIMITS.passwordMax} hint={FIELD_HINTS.password} value={data.userPassword} onValueChange={field('userPassword')} />
      <TextField label="Confirm Password" name="confirmPassword" type="password" autoComplete="new-password" required value={data.userConfirmPassword} onValueChange={field('userConfirmPassword')} />
      <label className="auth-check">
        <input
          type="checkbox"
          name="terms"
          checked={data.isSignupConditionsChecked}
          onChange={(event) => field('isSignupConditionsChecked')(event.target.checked)}
        />
        <span>I accept all Terms &amp; Conditions</span>
      </label>
      <FormActions
        submit={{ idle: 'Create New Account', busy: 'Creating your account…' }}
        pending={isLoading}
        disabled={isLoading}
        sample={SAMPLE}
        onFillTestCredentials={fillTestCredentials}
      />
    </form>
  );
}
