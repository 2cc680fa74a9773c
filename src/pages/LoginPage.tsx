/** Placeholder: the screen is being built. */
export function LoginPage() {
  return <h1>Login</h1>;
}
