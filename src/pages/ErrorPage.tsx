/** Placeholder: the screen is being built. */
export function ErrorPage() {
  return <h1>Error</h1>;
}
