import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppShell } from '../app/App';
import { routes } from '../app/routes';
import { makeStore } from '../app/store';

/**
 * The markup of a page as a visitor without a session first sees it: the same tree the browser
 * renders (AppShell around the route), so that the app takes it over (hydrates) instead of
 * replacing it. No hydration data is written: the routes have no loaders, and the page's CSP
 * allows no inline script.
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`Rendering ${path} at build time: the route answered a redirect (${context.status}).`);
  if (context.errors) throw new Error(`Rendering ${path} at build time failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppShell store={makeStore()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppShell>,
  );
}
