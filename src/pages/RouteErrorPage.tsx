/** Placeholder: the router's unexpected-error page. */
export function RouteErrorPage() {
  return <h1>Unexpected Application Error</h1>;
}
