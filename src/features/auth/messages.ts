/** The auth screens' own toasts (spec sections 5 and 8), word for word. */
export const AUTH_MESSAGES = {
  missingCredentials: 'Please Fill All Credentials!',
  passwordMismatch: 'Password Must Match Confirm Password!',
  invalidCredentials: 'Invalid Credentials!',
  loggedIn: 'Logged In Successfully!',
  signedUp: 'Signed Up Successfully!',
  loggedOut: 'Logged Out Successfully!',
  testCredentialsFilled: 'Test Credentials Filled!',
} as const;
