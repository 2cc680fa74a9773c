/**
 * The handler of QA's faults per call (the rules: faultRules.ts), first among the stand-in's
 * handlers, so that a fault on one call holds under any scenario.
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { MockContext } from './context';
import { describeFault, FAULT_STATUSES } from './faultRules';
import { errorResponse, routeUrl } from './handlers';

/** A call that never answers: it ends only when the page gives up on it. */
function never(signal: AbortSignal): Promise<Response> {
  return new Promise((resolve) => {
    signal.addEventListener('abort', () => resolve(HttpResponse.error()), { once: true });
  });
}

/**
 * The faults, before every other handler: a call that meets a rule answers as the rule says (a
 * status after the stand-in's usual delay, a failure, nothing), or reaches its usual handler late.
 */
export function faultHandlers(ctx: MockContext): HttpHandler[] {
  return [
    http.all(routeUrl(ctx, '/*'), async ({ request, requestId }) => {
      if (ctx.faults.rules.length === 0) return undefined;
      const base = new URL(`${ctx.baseUrl}/`, request.url).pathname;
      const path = `/${new URL(request.url).pathname.slice(base.length)}`;
      const rule = ctx.faults.faultFor(request.method, path);
      if (rule === undefined) return undefined;
      ctx.log?.noteFault(requestId, describeFault(rule));
      const fault = rule.answer;
      if (fault === 'never') return never(request.signal);
      if (typeof fault === 'object') {
        await delay(fault.delayMs);
        return undefined;
      }
      await delay(ctx.delayMs);
      if (fault === 'network-failure') {
        ctx.log?.noteFailed(requestId);
        return HttpResponse.error();
      }
      return errorResponse(FAULT_STATUSES[fault]!);
    }),
  ];
}
