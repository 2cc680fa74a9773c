/**
 * Faults per call, for QA: a rule names one route of the contract's table and what it answers
 * instead (a status with the contract's error body, a network failure, a delay, or nothing at all),
 * and how often (always, the next N calls, or a share of them). The same rules come from the
 * workbench panel, from `?faults=` in the address, and from `withFaults` in a test; they are checked
 * here, once, and a rule that does not hold is refused with the field and what it accepts. The
 * handler that answers them is faults.ts; the stand-in's context holds their state.
 */
import { ROUTES, type Method } from '../contract/routes';
import type { MessageKey } from '../contract/messages';

/** What a faulted call answers instead: a status, a network failure, its usual answer late, or never. */
export type FaultAnswer = number | 'network-failure' | 'never' | { delayMs: number };

/** How often: every call, the next N calls (`once` is 1), or a share of calls in percent, evenly spread. */
export type FaultTimes = 'always' | 'once' | { next: number } | { share: number };

export interface FaultRule {
  /** `METHOD /path` as the contract's route table writes it: `POST /posts/like/:postId`. */
  route: string;
  answer: FaultAnswer;
  /** `always` when left out. */
  times?: FaultTimes;
}

/** The statuses a fault can answer, each with the contract's message for it (its error body). */
export const FAULT_STATUSES: Readonly<Record<number, MessageKey>> = {
  400: 'invalidBody',
  401: 'tokenInvalid',
  404: 'routeNotFound',
  413: 'bodyTooLarge',
  429: 'tooManyRequests',
  500: 'serverError',
  502: 'badGateway',
  503: 'serviceUnavailable',
  504: 'gatewayTimeout',
};

/** The longest delay a rule may ask for: a minute (a call waiting longer is `never`). */
export const FAULT_DELAY_MAX_MS = 60_000;

export interface FaultRoute {
  /** `POST /posts/like/:postId`. */
  route: string;
  method: Method;
  path: string;
  /** The resource it belongs to, from its first path segment: `posts`, `users`, `auth`... */
  group: string;
}

function routeName(method: Method, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** Every route of the contract's table, in its order (the order a call is matched in). */
export const FAULT_ROUTES: readonly FaultRoute[] = ROUTES.map((spec) => ({
  route: routeName(spec.method, spec.path),
  method: spec.method,
  path: spec.path,
  group: spec.path.split('/')[1] ?? '',
}));

const ROUTE_NAMES = new Set(FAULT_ROUTES.map(({ route }) => route));

const PATTERNS = FAULT_ROUTES.map(({ route, method, path }) => ({
  route,
  method,
  pattern: new RegExp(`^${path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`),
}));

/** The route of the table a call is answered by (the first that matches, as the handlers are), if any. */
export function routeOfCall(method: string, path: string): string | undefined {
  const lower = method.toLowerCase();
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return PATTERNS.find((entry) => entry.method === lower && entry.pattern.test(trimmed))?.route;
}

export class FaultRulesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FaultRulesError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ANSWERS_ACCEPTED = `one of the statuses ${Object.keys(FAULT_STATUSES).join(', ')}; "network-failure"; "never"; or { "delayMs": 1 to ${FAULT_DELAY_MAX_MS} }`;
const TIMES_ACCEPTED = '"always", "once", { "next": a whole number from 1 }, or { "share": a percentage from 1 to 99 }';

function readAnswer(value: unknown, at: string): FaultAnswer {
  if (typeof value === 'number' && FAULT_STATUSES[value]) return value;
  if (value === 'network-failure' || value === 'never') return value;
  if (isRecord(value) && Object.keys(value).length === 1 && Number.isInteger(value.delayMs)) {
    const delayMs = value.delayMs as number;
    if (delayMs >= 1 && delayMs <= FAULT_DELAY_MAX_MS) return { delayMs };
  }
  throw new FaultRulesError(`${at}.answer is ${JSON.stringify(value) ?? 'missing'}; it accepts ${ANSWERS_ACCEPTED}.`);
}

function readTimes(value: unknown, at: string): FaultTimes {
  if (value === undefined || value === 'always') return 'always';
  if (value === 'once') return 'once';
  if (isRecord(value) && Object.keys(value).length === 1) {
    if (Number.isInteger(value.next) && (value.next as number) >= 1) return { next: value.next as number };
    if (Number.isInteger(value.share) && (value.share as number) >= 1 && (value.share as number) <= 99) return { share: value.share as number };
  }
  throw new FaultRulesError(`${at}.times is ${JSON.stringify(value)}; it accepts ${TIMES_ACCEPTED}.`);
}

/**
 * Rules from anything (JSON read from a link, a file, a test): the rules, or a FaultRulesError that
 * names the first field that does not hold and what it accepts.
 */
export function readFaultRules(value: unknown, name = 'faults'): FaultRule[] {
  if (!Array.isArray(value)) throw new FaultRulesError(`${name} is ${JSON.stringify(value) ?? 'missing'}; it accepts a list of rules, each { "route", "answer", "times" }.`);
  const seen = new Set<string>();
  return value.map((item, index) => {
    const at = `${name}[${index}]`;
    if (!isRecord(item)) throw new FaultRulesError(`${at} is ${JSON.stringify(item)}; it accepts a rule { "route", "answer", "times" }.`);
    const unknown = Object.keys(item).find((key) => !['route', 'answer', 'times'].includes(key));
    if (unknown) throw new FaultRulesError(`${at} has the field "${unknown}"; a rule accepts only "route", "answer" and "times".`);
    const route = typeof item.route === 'string' ? item.route.trim().replace(/^(\w+)\s+/, (_all, method: string) => `${method.toUpperCase()} `) : item.route;
    if (typeof route !== 'string' || !ROUTE_NAMES.has(route)) {
      throw new FaultRulesError(`${at}.route is ${JSON.stringify(item.route) ?? 'missing'}; it accepts a route of the contract's table as METHOD /path, such as "POST /posts/like/:postId".`);
    }
    if (seen.has(route)) throw new FaultRulesError(`${at}.route "${route}" has a rule already; a route accepts one rule.`);
    seen.add(route);
    const times = readTimes(item.times, at);
    return { route, answer: readAnswer(item.answer, at), ...(times === 'always' ? {} : { times }) };
  });
}

/** Rules from the text of `?faults=` or of a file: JSON, checked as readFaultRules does. */
export function parseFaultRules(text: string, name = 'faults'): FaultRule[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new FaultRulesError(`${name} is not JSON; it accepts a JSON list of rules, each { "route", "answer", "times" }.`);
  }
  return readFaultRules(value, name);
}

/** The rules in force and how many calls each has met, so that `once`, `next` and `share` count. */
export class FaultState {
  private readonly calls = new Map<string, number>();

  constructor(readonly rules: readonly FaultRule[] = []) {}

  /**
   * The rule a call meets, if any; counts the call against its route's rule. A share of P percent
   * faults the calls where the running total of P crosses a hundred: 25 faults the 4th, 8th, 12th...
   * (a link reproduces the same calls failing).
   */
  faultFor(method: string, path: string): FaultRule | undefined {
    const route = routeOfCall(method, path);
    const rule = route === undefined ? undefined : this.rules.find((candidate) => candidate.route === route);
    if (!rule) return undefined;
    const seen = this.calls.get(rule.route) ?? 0;
    this.calls.set(rule.route, seen + 1);
    const times = rule.times ?? 'always';
    if (times === 'always') return rule;
    if (times === 'once') return seen < 1 ? rule : undefined;
    if ('next' in times) return seen < times.next ? rule : undefined;
    return Math.floor(((seen + 1) * times.share) / 100) > Math.floor((seen * times.share) / 100) ? rule : undefined;
  }
}

/** How a rule reads to a person: `POST /posts/like/:postId: 503, the next 3 calls`. */
export function describeFault(rule: FaultRule): string {
  const { answer } = rule;
  const what = typeof answer === 'number' ? String(answer) : answer === 'network-failure' ? 'network failure' : answer === 'never' ? 'never answers' : `${answer.delayMs} ms late`;
  const times = rule.times ?? 'always';
  const when = times === 'always' ? 'every call' : times === 'once' ? 'the next call' : 'next' in times ? `the next ${times.next} calls` : `${times.share}% of calls`;
  return `${rule.route}: ${what}, ${when}`;
}
