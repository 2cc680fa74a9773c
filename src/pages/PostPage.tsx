/** Placeholder: the screen is being built. */
export function PostPage() {
  return <h1>Post</h1>;
}
