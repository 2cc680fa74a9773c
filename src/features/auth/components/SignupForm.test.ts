import { EMPTY_SIGNUP, signupProblem } from './SignupForm';

const filled = {
  ...EMPTY_SIGNUP,
  firstName: 'A',
  lastName: 'B',
  userName: 'ab',
  userEmail: 'a@example.com',
  userPassword: 'pw',
  userConfirmPassword: 'pw',
  isSignupConditionsChecked: true,
};

describe('signupProblem (spec section 5, in order)', () => {
  it('lets a complete form through', () => {
    expect(signupProblem(filled)).toBeNull();
  });

  it('requires the e-mail like the other fields, without checking what it looks like', () => {
    expect(signupProblem({ ...filled, userEmail: '  ' })).toBe('Please Fill All Credentials!');
    expect(signupProblem({ ...filled, userEmail: 'not an address' })).toBeNull();
  });

  it('asks for everything first, even when the passwords also differ', () => {
    expect(signupProblem({ ...filled, firstName: '   ', userConfirmPassword: 'x' })).toBe('Please Fill All Credentials!');
    expect(signupProblem({ ...filled, isSignupConditionsChecked: false, userConfirmPassword: 'x' })).toBe('Please Fill All Credentials!');
  });

  it('then asks for matching passwords', () => {
    expect(signupProblem({ ...filled, userConfirmPassword: '' })).toBe('Password Must Match Confirm Password!');
  });
});
