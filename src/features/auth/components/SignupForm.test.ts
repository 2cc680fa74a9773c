import { EMPTY_SIGNUP, signupProblem } from './SignupForm';

const filled = { ...EMPTY_SIGNUP, firstName: 'A', lastName: 'B', userName: 'ab', userPassword: 'pw', userConfirmPassword: 'pw', isSignupConditionsChecked: true };

describe('signupProblem (spec section 5, in order)', () => {
  it('lets a complete form through, e-mail or not', () => {
    expect(signupProblem(filled)).toBeNull();
  });

  it('asks for everything first, even when the passwords also differ', () => {
    expect(signupProblem({ ...filled, firstName: '   ', userConfirmPassword: 'x' })).toBe('Please Fill All Credentials!');
    expect(signupProblem({ ...filled, isSignupConditionsChecked: false, userConfirmPassword: 'x' })).toBe('Please Fill All Credentials!');
  });

  it('then asks for matching passwords', () => {
    expect(signupProblem({ ...filled, userConfirmPassword: '' })).toBe('Password Must Match Confirm Password!');
  });
});
