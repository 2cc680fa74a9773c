/** Placeholder: the screen is being built. */
export function NotFoundPage() {
  return <h1>NotFound</h1>;
}
