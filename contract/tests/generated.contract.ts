/**
 * Generated bodies (fast-check) for every route that reads one: valid ones, nearly valid ones and
 * junk. Whatever arrives, the answer is never a 5xx; a refusal is one of the catalogue's, with its
 * status, message and code; and a refused body leaves the store exactly as it was.
 */
import fc from 'fast-check';
import { errorBody } from '../errors';
import { LIMITS } from '../limits';
import { MESSAGES, MESSAGE_STATUS, errorCode, type MessageKey } from '../messages';
import { ROUTES } from '../routes';
import { findInconsistencies } from '../snapshot';
import { seedPostId } from '../seed/default';
import { sized } from './size';
import { call, dataUrl, PNG_DATA_URL, target } from './support';

/** Runs per route and backend: 100 in CI, 500 in the full run. */
const RUNS = sized(100, 500);
const ownPost = seedPostId(5); // demo_user's

const MESSAGE_KEYS = Object.keys(MESSAGES) as MessageKey[];

// ---- Field values ----

/** Any JSON value a field might hold instead of what it should. */
const wrongType = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.jsonValue({ maxDepth: 3 }));

/** Text of any kind around a limit: ordinary, binary (NUL, lone surrogates), blank, just over. */
function textAround(max: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.string({ maxLength: max, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.constantFrom('', '   ', '\t\n') },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }).map((over) => 'y'.repeat(max + over)) },
  );
}

/** Mostly the right kind of value, sometimes anything at all. */
function field<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 9, arbitrary: valid }, { weight: 1, arbitrary: wrongType });
}

const username = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z0-9_]{3,30}$/) },
  { weight: 1, arbitrary: textAround(LIMITS.usernameMax) },
);
const password = fc.oneof(
  { weight: 4, arbitrary: fc.string({ minLength: LIMITS.passwordMin, maxLength: 40 }) },
  { weight: 1, arbitrary: textAround(LIMITS.passwordMax) },
);
const image = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('', PNG_DATA_URL) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`,
      'data:image/png;base64,not base64 at all',
      dataUrl('image/png', new TextEncoder().encode('GIF89a but named a PNG')),
      'https://example.com/picture.png',
      'javascript:alert(1)',
    ),
  },
);
const portfolio = fc.oneof(
  { weight: 6, arbitrary: fc.oneof(fc.webUrl(), fc.constant('')) },
  { weight: 1, arbitrary: fc.oneof(fc.constantFrom('javascript:alert(1)', 'mailto:a@b.c', 'example.com'), textAround(LIMITS.portfolioUrlMax)) },
);

/** A record whose every key may be missing, with an extra unknown key now and then. */
function body(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(fc.record(fields, { requiredKeys: [] }), fc.option(fc.tuple(fc.string({ maxLength: 8 }), wrongType)))
    .map(([record, extra]) => (extra && !(extra[0] in record) && !['__proto__', 'constructor', 'prototype'].includes(extra[0]) ? { ...record, [extra[0]]: extra[1] } : record));
}

/** Mostly every field there (each maybe wrong), sometimes some missing. */
function shaped(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof({ weight: 3, arbitrary: fc.record(fields) }, { weight: 1, arbitrary: body(fields) });
}

// ---- Whole bodies ----

/** Bodies that are not the expected object: other JSON, deep nesting, prototype keys, not JSON at all. */
const junk: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 12 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 60 }),
  fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.jsonValue({ maxDepth: 2 })).map(([key, value]) => `{"${key}":${JSON.stringify(value)}}`),
  fc.integer({ min: LIMITS.jsonDepthMax, max: 40 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
);

function bodies(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof({ weight: 5, arbitrary: valid.map((value) => JSON.stringify(value)) }, { weight: 1, arbitrary: junk });
}

const postData = body({
  text: field(textAround(LIMITS.postTextMax)), image: field(image), previewImage: field(fc.constant(PNG_DATA_URL)), imageAlt: field(textAround(LIMITS.imageAltMax)),
});

interface GeneratedRoute {
  route: string;
  path: string;
  /** The status of an accepted call. */
  status: number;
  /** Calls as demo_user. */
  member: boolean;
  bodies: fc.Arbitrary<string>;
  /** The route reads an Idempotency-Key: each call sends a generated one, or none. */
  keyed?: boolean;
}

/**
 * Idempotency-Keys of every kind, or none: UUIDs (which repeat now and then, so a repeat of a call
 * and a key reused for another body are met too), well-formed keys of any length around the limits,
 * and any printable text.
 */
const keys: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.constantFrom('7f0c3d1e-0000-4000-8000-000000000001', '7f0c3d1e-0000-4000-8000-000000000002') },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: fc.stringMatching(new RegExp(`^[A-Za-z0-9_-]{${LIMITS.idempotencyKeyMin - 2},${LIMITS.idempotencyKeyMax + 2}}$`)) },
  { weight: 1, arbitrary: fc.stringMatching(/^[\x21-\x7e]{0,140}$/) },
);

const GENERATED: GeneratedRoute[] = [
  {
    route: 'POST /auth/signup', path: '/auth/signup', status: 201, member: false, keyed: true,
    bodies: bodies(shaped({
      firstName: field(textAround(LIMITS.nameMax)), lastName: field(textAround(LIMITS.nameMax)),
      username: field(username), password: field(password), email: field(fc.emailAddress()),
    })),
  },
  {
    route: 'POST /auth/login', path: '/auth/login', status: 200, member: false,
    bodies: bodies(shaped({ username: field(fc.oneof(username, fc.constantFrom('demo_user', 'DEMO_USER', ' liam_chen '))), password: field(fc.oneof(password, fc.constant('welcome123'))) })),
  },
  {
    route: 'POST /posts', path: '/posts', status: 201, member: true, keyed: true,
    bodies: bodies(fc.oneof({ weight: 4, arbitrary: fc.record({ postData }) }, { weight: 1, arbitrary: body({ postData: wrongType }) })),
  },
  {
    route: 'POST /posts/edit/:postId', path: `/posts/edit/${ownPost}`, status: 201, member: true,
    bodies: bodies(fc.oneof({ weight: 4, arbitrary: fc.record({ postData }) }, { weight: 1, arbitrary: body({ postData: wrongType }) })),
  },
  {
    route: 'POST /posts/:postId/replies', path: `/posts/${seedPostId(1)}/replies`, status: 201, member: true, keyed: true,
    bodies: bodies(fc.oneof(
      { weight: 4, arbitrary: fc.record({ replyData: body({ text: field(textAround(LIMITS.replyTextMax)), replyTo: field(fc.constantFrom('', 'no-such-reply')) }) }) },
      { weight: 1, arbitrary: body({ replyData: wrongType }) },
    )),
  },
  {
    route: 'POST /users/edit', path: '/users/edit', status: 201, member: true,
    bodies: bodies(fc.record({
      userData: body({
        username: field(fc.oneof({ weight: 4, arbitrary: fc.constant('demo_user') }, { weight: 1, arbitrary: fc.constantFrom('liam_chen', '') })),
        userBio: field(textAround(LIMITS.bioMax)),
        userPortfolioUrl: field(portfolio), avatar: field(image),
        password: field(password),
        currentPassword: field(fc.oneof({ weight: 3, arbitrary: fc.constant('welcome123') }, { weight: 1, arbitrary: fc.constant('not-the-password') })),
      }),
    })),
  },
];

/** The catalogue entry an answer's code names, if any. */
function catalogueEntry(code: unknown): MessageKey | undefined {
  return MESSAGE_KEYS.find((key) => errorCode(key) === code);
}

describe('generated bodies', () => {
  it('sends generated Idempotency-Keys to every create that reads one', () => {
    expect(GENERATED.filter((generated) => generated.keyed).map((generated) => generated.route).sort())
      .toEqual(ROUTES.filter((route) => route.idempotent).map((route) => `${route.method.toUpperCase()} ${route.path}`).sort());
  });

  it.each(GENERATED.map((generated) => [generated.route, generated] as const))('%s: never a 5xx, every refusal from the catalogue, nothing refused is stored', async (_route, generated) => {
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(generated.bodies, generated.keyed ? keys : fc.constant(undefined), async (text, idempotencyKey) => {
        const before = await target().snapshot();
        const demo = before.users.find((user) => user.username === 'demo_user');
        if (!demo) throw new Error('demo_user is missing from the store');
        const authorization = generated.member
          ? await target().signToken({ sub: demo.id, username: demo.username, ver: demo.sessionVersion ?? 0 })
          : undefined;

        const result = await call('POST', generated.path, { body: text, authorization, headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey } });

        expect(result.status).toBeLessThan(500);
        if (result.status === generated.status) {
          accepted += 1;
          return;
        }
        refused += 1;
        const key = catalogueEntry((result.json as { code?: unknown }).code);
        expect(key).toBeDefined();
        if (!key) return;
        expect({ status: result.status, body: result.json }).toEqual({ status: MESSAGE_STATUS[key], body: errorBody(key) });
        expect(await target().snapshot()).toEqual(before);
      }),
      { numRuns: RUNS },
    );
    // Both sides of every route were reached, and the store still holds together.
    expect(accepted + refused).toBe(RUNS);
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    expect(findInconsistencies(await target().snapshot())).toEqual([]);
  }, 600_000);
});
