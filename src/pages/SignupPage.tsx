/** Placeholder: the screen is being built. */
export function SignupPage() {
  return <h1>Signup</h1>;
}
