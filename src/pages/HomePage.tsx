/** Placeholder: the screen is being built. */
export function HomePage() {
  return <h1>Home</h1>;
}
