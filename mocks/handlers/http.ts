/**
 * The one walk every handler takes: await the delay, authorise through withAuth, validate (in the
 * rules), change the store, answer through a serialiser. Refusals become `{ errors: [message] }`
 * with their status; anything unexpected becomes a 500 in the same shape, never a stack.
 */
import { delay, http, HttpResponse, type HttpHandler, type PathParams } from 'msw';
import type { MockContext } from '../context';
import type { UserRecord } from '../db';
import { MESSAGE_STATUS, type MessageKey } from '../../contract/messages';
import { parseJsonBody } from '../../contract/validation';
import { memberFromClaims } from '../rules/auth';
import { errorBody, refusal, refusalAnswer, RuleError } from '../../contract/errors';

export type Method = 'get' | 'post' | 'delete';

export interface RouteInput {
  ctx: MockContext;
  request: Request;
  params: PathParams;
}

export interface AuthedRouteInput extends RouteInput {
  member: UserRecord;
}

export type AnonymousResolver = (input: RouteInput) => unknown;
export type AuthedResolver = (input: AuthedRouteInput) => unknown;

interface RouteBase {
  method: Method;
  /** Path after the base, with :params: '/posts/like/:postId'. */
  path: string;
  /** 200 or 201 (spec section 9: 200 for GET, 201 for POST; DELETE and login answer 200). */
  status: 200 | 201;
  /** Whether a success changed the store (then it is saved). */
  writes: boolean;
}

/** A route of spec section 7, described as data so scenarios can reason over the whole table. */
export type RouteSpec =
  | (RouteBase & { auth: false; resolve: AnonymousResolver })
  | (RouteBase & { auth: true; resolve: AuthedResolver });

/** A public route. */
export function publicRoute(method: Method, path: string, status: 200 | 201, resolve: AnonymousResolver, writes = false): RouteSpec {
  return { method, path, status, auth: false, writes, resolve };
}

/** A route that acts for the member named by the token. */
export function memberRoute(method: Method, path: string, status: 200 | 201, resolve: AuthedResolver): RouteSpec {
  return { method, path, status, auth: true, writes: method !== 'get', resolve };
}

/** The refusal of one catalogue entry as a response: its status, `{ errors: [message], code }`. */
export function errorResponse(key: MessageKey): Response {
  return HttpResponse.json(errorBody(key), { status: MESSAGE_STATUS[key] });
}

/** The token as stored (`authorization: <token>`) or with the `Bearer ` scheme. */
export function readToken(request: Request): string | undefined {
  const header = request.headers.get('authorization')?.trim();
  if (!header) return undefined;
  const bearer = /^Bearer\s+(.+)$/i.exec(header);
  return (bearer?.[1] ?? header).trim();
}

/**
 * The one authorisation wrapper: verifies the token's signature and expiry (401 otherwise), then
 * finds its member (404 when gone) and passes it on.
 */
export function withAuth(resolve: AuthedResolver): AnonymousResolver {
  return async (input) => {
    const token = readToken(input.request);
    const claims = token ? await input.ctx.tokens.verify(token) : null;
    if (!claims) throw refusal('tokenInvalid');
    const member = memberFromClaims(input.ctx, claims);
    return resolve({ ...input, member });
  };
}

/** The request body as JSON; 400 when it is not JSON. Await it before any check-and-change. */
export async function readJson(request: Request): Promise<unknown> {
  return parseJsonBody(await request.text());
}

export function routeUrl(ctx: MockContext, path: string): string {
  return `${ctx.baseUrl}${path}`;
}

export function toResponse(error: unknown): Response {
  if (error instanceof RuleError) {
    const { status, body } = refusalAnswer(error);
    return HttpResponse.json(body, { status });
  }
  console.error('[mock backend] unexpected failure', error);
  return errorResponse('serverError');
}

/** Turns a route into an MSW handler that walks the house steps. */
export function toHandler(ctx: MockContext, spec: RouteSpec, path: string = spec.path): HttpHandler {
  const resolve: AnonymousResolver = spec.auth ? withAuth(spec.resolve) : spec.resolve;
  return http[spec.method](routeUrl(ctx, path), async ({ request, params }) => {
    await delay(ctx.delayMs);
    try {
      const body = await resolve({ ctx, request, params });
      if (spec.writes) await ctx.onWrite();
      return HttpResponse.json(body as Record<string, unknown>, { status: spec.status });
    } catch (error) {
      return toResponse(error);
    }
  });
}

/** A path parameter as a string (MSW gives string | string[]). */
export function param(params: PathParams, name: string): string {
  const value = params[name];
  if (value === undefined) return '';
  return typeof value === 'string' ? value : value.join('/');
}
