/** Placeholder: the screen is being built. */
export function CreatePostPage() {
  return <h1>CreatePost</h1>;
}
