/** Which kept page answers a page asked for with the network gone (serviceWorker.ts). */
import { paths } from '../config/paths';

/** Paths that are never the app's pages: the server's API and its images. */
export const OUTSIDE_THE_APP = [/^\/api(\/|$)/, /^\/media(\/|$)/];

/** The kept copy of a page: the one the build wrote ahead for it (/login, /signup), or the app's index.html. */
export function keptPageFor(pathname: string): string {
  const page = pathname.replace(/\/+$/, '');
  // The pages the build writes ahead as HTML (webpack.config.js), by the app's own patterns.
  if (page === paths.login.pattern || page === paths.signup.pattern) return `${page}.html`;
  return '/index.html';
}
