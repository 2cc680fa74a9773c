import type { PostsResponse } from '../contract/api';
import { MESSAGES, MESSAGE_STATUS } from '../contract/messages';
import { DEMO_USER_ID, seedPostId } from '../contract/seed/default';
import { describeFault, FAULT_ROUTES, FAULT_STATUSES, FaultRulesError, FaultState, parseFaultRules, readFaultRules, routeOfCall } from './faultRules';
import { getMockDb, useScenario, withFaults } from './testing/node';
import { call, callAs, errorOf, expectRefusal } from './testing/testSupport';

const LIKE = 'POST /posts/like/:postId';

describe('the routes a fault can name', () => {
  it('are every route of the contract, grouped by their first path segment', () => {
    expect(FAULT_ROUTES.length).toBeGreaterThan(35);
    expect(FAULT_ROUTES).toContainEqual({ route: LIKE, method: 'post', path: '/posts/like/:postId', group: 'posts' });
    expect(new Set(FAULT_ROUTES.map(({ group }) => group))).toEqual(new Set(['auth', 'posts', 'replies', 'users', 'feed', 'tags', 'search', 'notifications', 'account', 'sessions', 'scheduled-posts', 'reports', 'moderation', 'rules', 'health']));
  });

  it('match a call as the handlers do: the first route of the table that fits', () => {
    expect(routeOfCall('POST', '/posts/like/abc')).toBe(LIKE);
    expect(routeOfCall('GET', '/users/bookmark')).toBe('GET /users/bookmark');
    expect(routeOfCall('GET', '/users/u1')).toBe('GET /users/:userId');
    expect(routeOfCall('POST', '/posts/')).toBe('POST /posts');
    expect(routeOfCall('GET', '/posts/user/demo_user')).toBe('GET /posts/user/:username');
    expect(routeOfCall('PUT', '/posts/abc')).toBeUndefined();
    expect(routeOfCall('GET', '/nowhere')).toBeUndefined();
  });
});

describe('the statuses a fault can answer', () => {
  it('each answers with a message of the contract that has that status', () => {
    for (const [status, key] of Object.entries(FAULT_STATUSES)) expect(MESSAGE_STATUS[key]).toBe(Number(status));
  });
});

describe('reading rules', () => {
  it('takes a route in any case of its method, a status, and how often', () => {
    expect(readFaultRules([{ route: 'post /posts/like/:postId', answer: 503, times: 'once' }])).toEqual([{ route: LIKE, answer: 503, times: 'once' }]);
    expect(parseFaultRules('[{"route":"GET /feed","answer":{"delayMs":1500}}]')).toEqual([{ route: 'GET /feed', answer: { delayMs: 1500 } }]);
  });

  it.each([
    ['not a list', { route: LIKE }, /^faults is .*; it accepts a list of rules/],
    ['a route the table does not have', [{ route: 'POST /posts/love/:postId', answer: 500 }], /^faults\[0\]\.route is "POST \/posts\/love\/:postId"; it accepts a route of the contract's table/],
    ['a status with no error body', [{ route: LIKE, answer: 418 }], /^faults\[0\]\.answer is 418; it accepts one of the statuses 400, 401, 404, 413, 429, 500, 502, 503, 504/],
    ['a delay past a minute', [{ route: LIKE, answer: { delayMs: 120000 } }], /^faults\[0\]\.answer is \{"delayMs":120000\}/],
    ['a share of 100', [{ route: LIKE, answer: 500, times: { share: 100 } }], /^faults\[0\]\.times is \{"share":100\}; it accepts "always", "once", \{ "next"/],
    ['a field no rule has', [{ route: LIKE, answer: 500, status: 500 }], /^faults\[0\] has the field "status"/],
    ['two rules for one route', [{ route: LIKE, answer: 500 }, { route: 'post /posts/like/:postId', answer: 503 }], /^faults\[1\]\.route "POST \/posts\/like\/:postId" has a rule already/],
  ])('refuses %s, naming the field and what it accepts', (_what, rules, message) => {
    expect(() => readFaultRules(rules)).toThrow(FaultRulesError);
    expect(() => readFaultRules(rules)).toThrow(message);
  });

  it('refuses text that is not JSON', () => {
    expect(() => parseFaultRules('[{route:', 'scenario file faults')).toThrow('scenario file faults is not JSON');
  });

  it('says a rule as a person reads it', () => {
    expect(describeFault({ route: LIKE, answer: 503, times: { next: 3 } })).toBe('POST /posts/like/:postId: 503, the next 3 calls');
    expect(describeFault({ route: 'GET /feed', answer: 'network-failure' })).toBe('GET /feed: network failure, every call');
    expect(describeFault({ route: 'GET /feed', answer: { delayMs: 2000 }, times: { share: 50 } })).toBe('GET /feed: 2000 ms late, 50% of calls');
  });
});

describe('how often a rule applies', () => {
  const pattern = (state: FaultState, calls: number) => Array.from({ length: calls }, () => (state.faultFor('POST', '/posts/like/p') === undefined ? '.' : 'x')).join('');

  it('always, once, or the next N calls', () => {
    expect(pattern(new FaultState([{ route: LIKE, answer: 500 }]), 4)).toBe('xxxx');
    expect(pattern(new FaultState([{ route: LIKE, answer: 500, times: 'once' }]), 4)).toBe('x...');
    expect(pattern(new FaultState([{ route: LIKE, answer: 500, times: { next: 2 } }]), 4)).toBe('xx..');
  });

  it('a share, spread evenly and the same on every run', () => {
    expect(pattern(new FaultState([{ route: LIKE, answer: 500, times: { share: 25 } }]), 8)).toBe('...x...x');
    expect(pattern(new FaultState([{ route: LIKE, answer: 500, times: { share: 50 } }]), 6)).toBe('.x.x.x');
  });

  it('counts only the calls of its own route', () => {
    const state = new FaultState([{ route: LIKE, answer: 500, times: 'once' }]);
    expect(state.faultFor('POST', '/posts/dislike/p')).toBeUndefined();
    expect(state.faultFor('POST', '/posts/like/p')).toEqual({ route: LIKE, answer: 500, times: 'once' });
  });
});

describe('the stand-in under faults', () => {
  it('a status answers with the contract\'s error body, and every other call as usual', async () => {
    withFaults([{ route: LIKE, answer: 503 }]);
    const postId = seedPostId(1);
    const likedBefore = [...(getMockDb().posts.get(postId)?.likedBy ?? [])];
    const liked = await callAs(DEMO_USER_ID, 'POST', `/posts/like/${postId}`);
    expectRefusal(liked, 503, MESSAGES.serviceUnavailable);
    expect(liked.json).toMatchObject({ code: 'service_unavailable' });
    expect(getMockDb().posts.get(postId)?.likedBy).toEqual(likedBefore);
    expect((await callAs(DEMO_USER_ID, 'POST', `/users/bookmark/${seedPostId(2)}`)).status).toBe(201);
    expect((await call<PostsResponse>('GET', '/posts')).json.posts).toHaveLength(20);
  });

  it('once: the next call fails, the one after is answered', async () => {
    withFaults([{ route: 'GET /posts', answer: 500, times: 'once' }]);
    expect(errorOf(await call('GET', '/posts'))).toBe(MESSAGES.serverError);
    expect((await call('GET', '/posts')).status).toBe(200);
  });

  it('a network failure reaches the caller as one', async () => {
    withFaults([{ route: 'GET /posts', answer: 'network-failure' }]);
    await expect(fetch('http://localhost/api/posts')).rejects.toThrow(TypeError);
  });

  it('never: the call waits until the caller gives up', async () => {
    withFaults([{ route: 'GET /posts', answer: 'never' }]);
    const controller = new AbortController();
    const pending = fetch('http://localhost/api/posts', { signal: controller.signal });
    let settled = false;
    void pending.then(() => { settled = true; }, () => { settled = true; });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    controller.abort();
    await expect(pending).rejects.toThrow();
  });

  it('a delay answers as usual, late', async () => {
    withFaults([{ route: 'GET /posts', answer: { delayMs: 120 } }]);
    const started = Date.now();
    expect((await call('GET', '/posts')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('comes before a scenario: a fault on one call under read-only', async () => {
    useScenario('read-only');
    withFaults([{ route: 'GET /posts', answer: 502 }]);
    expectRefusal(await call('GET', '/posts'), 502, MESSAGES.badGateway);
    expectRefusal(await callAs(DEMO_USER_ID, 'POST', `/posts/like/${seedPostId(1)}`), 503, MESSAGES.serviceUnavailable);
  });

  it('withFaults refuses a rule that does not hold, as the panel does', () => {
    expect(() => withFaults([{ route: 'GET /nowhere', answer: 500 }])).toThrow(/faults\[0\]\.route is "GET \/nowhere"/);
  });
});
