import { MESSAGES } from '../../../../contract/messages';
import { EMPTY_SIGNUP, signupProblems } from './SignupForm';

/** What the fields say under them, as a member reads it. */
const SAYS = {
  required: 'Please fill in this field.',
  terms: 'Please accept the Terms & Conditions.',
  mismatch: 'Must be the same as the password.',
} as const;

const filled = {
  ...EMPTY_SIGNUP,
  firstName: 'A',
  lastName: 'B',
  userName: 'a_b',
  userEmail: 'a@example.com',
  userPassword: 'password',
  userConfirmPassword: 'password',
  isSignupConditionsChecked: true,
};

describe("signupProblems (every field's problem at once; the spec's toasts in their order)", () => {
  it('lets a complete, valid form through', () => {
    expect(signupProblems(filled)).toBeNull();
  });

  it("asks for everything missing with the spec's toast, and marks the passwords that differ in the same round", () => {
    expect(signupProblems({ ...filled, firstName: '   ', userEmail: '', isSignupConditionsChecked: false, userConfirmPassword: 'x' })).toEqual({
      toast: 'Please Fill All Credentials!',
      fields: {
        firstName: SAYS.required,
        userEmail: SAYS.required,
        userConfirmPassword: SAYS.mismatch,
        isSignupConditionsChecked: SAYS.terms,
      },
    });
  });

  it('marks every field that is wrong at once, the Terms unticked beside them', () => {
    expect(signupProblems({
      firstName: ' ', lastName: 'B', userName: 'no spaces allowed', userEmail: 'a@example', userPassword: 'short', userConfirmPassword: 'shorter', isSignupConditionsChecked: false, isRulesAccepted: false,
    })).toEqual({
      toast: 'Please Fill All Credentials!',
      fields: {
        firstName: SAYS.required,
        userName: MESSAGES.usernameInvalid,
        userEmail: MESSAGES.emailInvalid,
        userPassword: MESSAGES.passwordInvalid,
        userConfirmPassword: SAYS.mismatch,
        isSignupConditionsChecked: SAYS.terms,
      },
    });
  });

  it('then asks for matching passwords, with the toast and a message on the confirmation', () => {
    expect(signupProblems({ ...filled, userConfirmPassword: '' })).toEqual({
      toast: 'Password Must Match Confirm Password!',
      fields: { userConfirmPassword: SAYS.mismatch },
    });
  });

  it("checks username, e-mail and password by the backends' own rules, with their messages under the fields", () => {
    expect(signupProblems({ ...filled, userName: 'ab', userEmail: 'a@example', userPassword: 'short', userConfirmPassword: 'short' })).toEqual({
      toast: null,
      fields: { userName: MESSAGES.usernameInvalid, userEmail: MESSAGES.emailInvalid, userPassword: MESSAGES.passwordInvalid },
    });
    expect(signupProblems({ ...filled, userName: 'a-b' })?.fields).toEqual({ userName: MESSAGES.usernameInvalid });
    expect(signupProblems({ ...filled, userPassword: 'p'.repeat(129), userConfirmPassword: 'p'.repeat(129) })?.fields).toEqual({ userPassword: MESSAGES.passwordInvalid });
  });

  it("asks for agreement to the network's rules only where the form shows them, with the spec's toast", () => {
    expect(signupProblems(filled)).toBeNull();
    expect(signupProblems(filled, true)).toEqual({
      toast: 'Please Fill All Credentials!',
      fields: { isRulesAccepted: 'Please agree to follow the rules to join.' },
    });
    expect(signupProblems({ ...filled, isRulesAccepted: true }, true)).toBeNull();
  });
});
