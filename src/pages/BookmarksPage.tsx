/** Placeholder: the screen is being built. */
export function BookmarksPage() {
  return <h1>Bookmarks</h1>;
}
