/**
 * The stand-in backend as MSW handlers: every route of the contract's table, answered by the
 * contract's own walk (contract/routes.ts) over the in-memory store, answered after the stand-in's
 * delay (a write is taken before it, a read after).
 * Refusals are `{ errors: [message], code }` with their status; anything unexpected is a 500 in the
 * same shape, never a stack.
 */
import { delay, http, HttpResponse, type HttpHandler, type PathParams } from 'msw';
import { errorBody } from '../contract/errors';
import { IDEMPOTENCY_KEY_HEADER } from '../contract/idempotency';
import { MESSAGE_STATUS, type MessageKey } from '../contract/messages';
import { ROUTES, runRoute, type RouteSpec } from '../contract/routes';
import { purgeDueAccounts } from '../contract/rules/leaving';
import { publishDuePosts } from '../contract/rules/scheduledPosts';
import { openEventStream } from '../contract/stream';
import type { MockContext } from './context';
import { streamBody } from './events';

/** The refusal of one catalogue entry as a response. */
export function errorResponse(key: MessageKey): Response {
  return HttpResponse.json(errorBody(key), { status: MESSAGE_STATUS[key] });
}

export function routeUrl(ctx: MockContext, path: string): string {
  return `${ctx.baseUrl}${path}`;
}

/** Each route's paths: POST /posts is also answered at /posts/ (the spec writes it with the slash). */
export function pathsOf(spec: RouteSpec): string[] {
  return spec.method === 'post' && spec.path === '/posts' ? ['/posts', '/posts/'] : [spec.path];
}

/** Path parameters as strings (MSW gives string | string[]). */
function stringParams(params: PathParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) result[name] = typeof value === 'string' ? value : value.join('/');
  }
  return result;
}

/**
 * One route as an MSW handler. `specOnly`: as a backend that answers the spec alone does, it reads
 * no query, no `Prefer` and no `Idempotency-Key` (the extensions' parts of a call).
 */
export function toHandler(ctx: MockContext, spec: RouteSpec, path: string = spec.path, { specOnly = false } = {}): HttpHandler {
  // A write is taken as it arrives and answered after the delay, as a server commits one before its
  // answer travels back: a member who reloads while the answer is on its way finds the write kept (the
  // handlers run in the page, and a reload ends them). A read answers the store as it is after the delay.
  const write = spec.method !== 'get';
  return http[spec.method](routeUrl(ctx, path), async ({ request, params }) => {
    if (!write) await delay(ctx.delayMs);
    const response = await answerRoute(ctx, spec, request, params, specOnly);
    if (write) await delay(ctx.delayMs);
    return response;
  });
}

/** The contract's walk for one call; anything unexpected is a 500 in the error shape, never a stack. */
async function answerRoute(ctx: MockContext, spec: RouteSpec, request: Request, params: PathParams, specOnly: boolean): Promise<Response> {
  try {
    // Accounts whose grace period is over by the stand-in's clock go, and scheduled posts that are
    // due go out, before anything reads them.
    await purgeDueAccounts(ctx);
    await publishDuePosts(ctx);
    const answer = await runRoute(ctx, spec, {
      params: stringParams(params),
      query: specOnly ? {} : Object.fromEntries(new URL(request.url).searchParams),
      authorization: request.headers.get('authorization') ?? undefined,
      prefer: specOnly ? undefined : request.headers.get('prefer') ?? undefined,
      body: spec.method === 'get' ? undefined : await request.text(),
      idempotencyKey: specOnly ? undefined : request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? undefined,
      // In the browser a call's User-Agent is the browser's own, which the page knows; the stand-in
      // has no address to tell.
      client: { userAgent: request.headers.get('user-agent') ?? globalThis.navigator?.userAgent },
    });
    return HttpResponse.json(answer.body as Record<string, unknown>, { status: answer.status, headers: answer.headers });
  } catch (error) {
    console.error('[mock backend] unexpected failure', error);
    return errorResponse('serverError');
  }
}

/** GET /events: the live stream, or the token's refusal. */
function eventsHandler(ctx: MockContext): HttpHandler {
  return http.get(routeUrl(ctx, '/events'), async ({ request }) => {
    const { body, sink, onCancel } = streamBody();
    // QA's faults of the stream (streamFaults.ts): held, dropped, or a reconnect answered with `reset`.
    const holdable = ctx.streamFaults.holdable(sink);
    const lastEventId = request.headers.get('last-event-id') ?? undefined;
    const opened = await openEventStream(ctx, ctx.hub, {
      authorization: request.headers.get('authorization') ?? undefined,
      lastEventId,
      ...(ctx.streamFaults.takeReset(lastEventId !== undefined) ? { missedAs: 'reset' as const } : {}),
    }, holdable.sink, ctx.streams);
    if ('status' in opened) return HttpResponse.json(opened.body as Record<string, unknown>, { status: opened.status });
    holdable.opened(opened.close);
    // A reader that leaves aborts its request (the body stream is not always cancelled).
    onCancel(opened.close);
    request.signal.addEventListener('abort', opened.close);
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' } });
  });
}

export function createHandlers(ctx: MockContext): HttpHandler[] {
  return [
    eventsHandler(ctx),
    ...ROUTES.flatMap((spec) => pathsOf(spec).map((path) => toHandler(ctx, spec, path))),
    // Anything else under the base is a JSON 404, not the dev server's index.html.
    http.all(routeUrl(ctx, '/*'), () => errorResponse('routeNotFound')),
  ];
}
