/**
 * All the stand-in backend's handlers for one context. Order matters where paths overlap:
 * GET /users/bookmark comes before GET /users/:userId.
 */
import { http, type HttpHandler } from 'msw';
import type { MockContext } from '../context';
import { authRoutes } from './auth';
import { bookmarkRoutes } from './bookmarks';
import { errorResponse, routeUrl, toHandler, type RouteSpec } from './http';
import { postRoutes } from './posts';
import { userRoutes } from './users';

/** Every call of spec section 7, in matching order. */
export const ROUTES: readonly RouteSpec[] = [...authRoutes, ...postRoutes, ...bookmarkRoutes, ...userRoutes];

/** Each route's paths: POST /posts is also answered at /posts/ (the spec writes it with the slash). */
export function pathsOf(spec: RouteSpec): string[] {
  return spec.method === 'post' && spec.path === '/posts' ? ['/posts', '/posts/'] : [spec.path];
}

export function createHandlers(ctx: MockContext): HttpHandler[] {
  return [
    ...ROUTES.flatMap((spec) => pathsOf(spec).map((path) => toHandler(ctx, spec, path))),
    // Anything else under the base is a JSON 404, not the dev server's index.html.
    http.all(routeUrl(ctx, '/*'), () => errorResponse('routeNotFound')),
  ];
}

export { toHandler, withAuth, readToken, readJson, type RouteSpec } from './http';
