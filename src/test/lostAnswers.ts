import { http, HttpResponse, type HttpHandler } from 'msw';
import { errorBody } from '../../contract/errors';
import { MESSAGE_STATUS } from '../../contract/messages';
import { ROUTES, runRoute } from '../../contract/routes';
import { getMockContext, server, TEST_API_BASE } from '../../mocks/testing/node';

export interface LostAnswers {
  /** The Idempotency-Key of every call made to the route, in order (null: none). */
  keys: Array<string | null>;
}

/**
 * The connection of the route's first `times` calls is reset after the stand-in has stored what
 * they asked (as when a server process dies between its commit and its answer): the app sees a
 * network error, the store has the change. Later calls are answered as usual.
 */
export function loseAnswers(routePath: string, url: string, times: number): LostAnswers {
  return storeThenAnswer(routePath, url, times, () => HttpResponse.error());
}

/**
 * The route's first `times` calls are stored by the stand-in and then answered `status` in the
 * error shape, as a balancer answers for a server process that stopped after its commit (502) or
 * for none it could reach (503): the app sees the refusal, the store has the change. Later calls are
 * answered as usual.
 */
export function answerFirstWith(routePath: string, url: string, key: 'badGateway' | 'serviceUnavailable', times: number): LostAnswers {
  return storeThenAnswer(routePath, url, times, () => HttpResponse.json(errorBody(key), { status: MESSAGE_STATUS[key] }));
}

/**
 * Calls to these POST routes are stored by the stand-in and then lose their answer (a reset
 * connection) whenever `lose()` says so; the others are answered as usual. `handlers` are to be put
 * in place (and again after `server.resetHandlers()`); `lost()` counts the answers lost so far.
 */
export function loseAnswersWhen(routePaths: readonly string[], lose: () => boolean): { handlers: HttpHandler[]; lost: () => number } {
  let lost = 0;
  const handlers = routePaths.map((routePath) => {
    const spec = postRoute(routePath);
    return http.post(`${TEST_API_BASE}${routePath}`, async ({ request, params }) => {
      if (!lose()) return undefined;
      await runAndDrop(spec, request, params as Record<string, string>);
      lost += 1;
      return HttpResponse.error();
    });
  });
  return { handlers, lost: () => lost };
}

function postRoute(routePath: string): (typeof ROUTES)[number] {
  const spec = ROUTES.find((route) => route.method === 'post' && route.path === routePath);
  if (!spec) throw new Error(`no POST ${routePath} in the contract`);
  return spec;
}

/** The route's first `times` calls are stored, then answered with `answer`; the keys they carried are noted. */
function storeThenAnswer(routePath: string, url: string, times: number, answer: () => Response): LostAnswers {
  const spec = postRoute(routePath);
  const lost: LostAnswers = { keys: [] };
  server.use(http.post(`${TEST_API_BASE}${url}`, async ({ request, params }) => {
    lost.keys.push(request.headers.get('idempotency-key'));
    if (lost.keys.length > times) return undefined;
    await runAndDrop(spec, request, params as Record<string, string>);
    return answer();
  }));
  return lost;
}

async function runAndDrop(spec: (typeof ROUTES)[number], request: Request, params: Record<string, string>): Promise<void> {
  await runRoute(getMockContext(), spec, {
    params,
    authorization: request.headers.get('authorization') ?? undefined,
    prefer: request.headers.get('prefer') ?? undefined,
    body: await request.text(),
    idempotencyKey: request.headers.get('idempotency-key') ?? undefined,
  });
}
