/** Placeholder: the screen is being built. */
export function ExplorePage() {
  return <h1>Explore</h1>;
}
