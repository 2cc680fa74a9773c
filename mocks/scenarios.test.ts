import type { LoginResponse, ModerationQueue, NotificationsPage, PostResponse, PostsPage, PostsResponse, UsersResponse } from '../contract/api';
import { MESSAGES } from '../contract/messages';
import { DEMO_CREDENTIALS, DEMO_USER_ID, seedPostId } from '../contract/seed/default';
import { findInconsistencies } from '../contract/snapshot';
import { getMockDb, useScenario } from './testing/node';
import { authenticatorCode } from '../contract/rules/twoFactor';
import { chooseScenario, DEFAULT_SCENARIO, getScenario, isScenarioName, MODERATION_DEMO, REPOSTS_DEMO, SCENARIO_DESCRIPTIONS, SCENARIO_NAMES, SCENARIOS, TWO_FACTOR_DEMO } from './scenarios';
import { call, callAs, errorOf, expectHealthy } from './testing/testSupport';

describe('scenario catalogue', () => {
  it('names every scenario QA needs, each with a description and a consistent seed', () => {
    expect(SCENARIO_NAMES).toEqual(['default', 'empty', 'new-member', 'busy', 'slow', 'server-error', 'offline', 'expired-session', 'read-only', 'spec-only', 'two-factor', 'reposts', 'moderation']);
    for (const name of SCENARIO_NAMES) {
      expect(SCENARIOS[name].name).toBe(name);
      expect(SCENARIO_DESCRIPTIONS[name].length).toBeGreaterThan(20);
    }
    for (const name of ['default', 'empty', 'new-member', 'reposts', 'moderation'] as const) {
      expect(findInconsistencies(getScenario(name).buildSeed())).toEqual([]);
    }
  });

  it('isScenarioName accepts only known names', () => {
    expect(isScenarioName('busy')).toBe(true);
    expect(isScenarioName('Busy')).toBe(false);
    expect(isScenarioName(undefined)).toBe(false);
  });
});

describe('chooseScenario', () => {
  it('prefers the URL, then the tab, then the build-time value, then default', () => {
    expect(chooseScenario({ search: '?scenario=busy', remembered: 'empty', buildTime: 'slow' })).toEqual({ name: 'busy', fromUrl: true });
    expect(chooseScenario({ search: '?x=1', remembered: 'empty', buildTime: 'slow' })).toEqual({ name: 'empty', fromUrl: false });
    expect(chooseScenario({ search: '', remembered: null, buildTime: 'slow' })).toEqual({ name: 'slow', fromUrl: false });
    expect(chooseScenario({ search: '', remembered: '', buildTime: '' })).toEqual({ name: DEFAULT_SCENARIO, fromUrl: false });
  });

  it('falls back to default with a warning for an unknown name', () => {
    const choice = chooseScenario({ search: '?scenario=chaos', remembered: 'empty' });
    expect(choice).toMatchObject({ name: 'default', fromUrl: true });
    expect(choice.warning).toMatch(/Unknown mock scenario "chaos".*default/);
  });
});

describe('useScenario', () => {
  afterEach(() => expectHealthy());

  it('default: the seed', async () => {
    useScenario('default');
    expect((await call<PostsResponse>('GET', '/posts')).json.posts).toHaveLength(20);
  });

  it('empty: members but no posts and no bookmarks', async () => {
    useScenario('empty');
    expect((await call<PostsResponse>('GET', '/posts')).json.posts).toEqual([]);
    expect((await call<UsersResponse>('GET', '/users')).json.users).toHaveLength(5);
    expect((await callAs<{ bookmarks: unknown[] }>('demo_user', 'GET', '/users/bookmark')).json.bookmarks).toEqual([]);
  });

  it('new-member: the demo member follows nobody and has no posts, likes or bookmarks', async () => {
    useScenario('new-member');
    const login = await call<LoginResponse>('POST', '/auth/login', { body: DEMO_CREDENTIALS });
    expect(login.json.foundUser).toMatchObject({ following: [], followers: [], bookmarks: [] });
    const posts = (await call<PostsResponse>('GET', '/posts')).json.posts;
    expect(posts).toHaveLength(18);
    expect(posts.some((post) => post._id === DEMO_USER_ID || post.likes.likedBy.some((user) => user._id === DEMO_USER_ID))).toBe(false);
    expect((await callAs<NotificationsPage>('demo_user', 'GET', '/notifications')).json).toEqual({ notifications: [], nextCursor: null, unreadCount: 0 });
  });

  it('default and empty: the demo member has a few notifications, of follows alone when there are no posts', async () => {
    useScenario('default');
    const seeded = (await callAs<NotificationsPage>('demo_user', 'GET', '/notifications')).json;
    expect(seeded.notifications.map((entry) => entry.kind)).toEqual(['like', 'like', 'follow', 'follow', 'follow']);
    expect(seeded.unreadCount).toBe(2);
    useScenario('empty');
    expect((await callAs<NotificationsPage>('demo_user', 'GET', '/notifications')).json.notifications.map((entry) => entry.kind)).toEqual(['follow', 'follow', 'follow']);
  });

  it('busy: 10,000 posts from 200 members, deterministic', async () => {
    useScenario('busy');
    expect(getMockDb().posts.size).toBe(10_000);
    expect(getMockDb().users.size).toBe(200);
    expect(findInconsistencies(getMockDb().snapshot())).toEqual([]);
    // The stand-in's place in its live stream is its own; the network is the seed's.
    const { networkVersion: _version, events: _events, ...network } = getMockDb().snapshot();
    expect(getScenario('busy').buildSeed()).toEqual(network);
    const login = await call<LoginResponse>('POST', '/auth/login', { body: DEMO_CREDENTIALS });
    expect(login.json.foundUser.following).toHaveLength(25);
    const all = await call<PostsResponse>('GET', '/posts');
    expect(all.json.posts).toHaveLength(10_000);
    expect(all.json.posts.every((post) => post.likes.likeCount === post.likes.likedBy.length)).toBe(true);
    // Thousands of notifications, 20 a page, more than 99 of them unread.
    const page = (await callAs<NotificationsPage>('demo_user', 'GET', '/notifications')).json;
    expect(getMockDb().notifications.size).toBeGreaterThan(2_000);
    expect({ shown: page.notifications.length, more: page.nextCursor !== null, unread: page.unreadCount }).toEqual({ shown: 20, more: true, unread: 100 });
  });

  it('slow: every answer takes the slow delay', async () => {
    useScenario('slow', { slowDelayMs: 150 });
    const started = Date.now();
    const result = await call<PostsResponse>('GET', '/posts');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(result.json.posts).toHaveLength(20);
  });

  it('server-error: every call answers 500 in the error shape', async () => {
    useScenario('server-error');
    for (const result of [await call('GET', '/posts'), await call('POST', '/auth/login', { body: DEMO_CREDENTIALS })]) {
      expect({ status: result.status, message: errorOf(result) }).toEqual({ status: 500, message: MESSAGES.serverError });
    }
  });

  it('offline: every call fails at the network level', async () => {
    useScenario('offline');
    await expect(fetch('http://localhost/api/posts')).rejects.toThrow(TypeError);
    await expect(fetch('http://localhost/api/auth/login', { method: 'POST', body: '{}' })).rejects.toThrow(TypeError);
  });

  it('expired-session: authenticated calls answer 401, login and public calls still work', async () => {
    useScenario('expired-session');
    const login = await call<LoginResponse>('POST', '/auth/login', { body: DEMO_CREDENTIALS });
    expect(login.status).toBe(200);
    const token = { authorization: login.json.encodedToken };
    for (const result of [
      await call('GET', '/users/bookmark', token),
      await call('POST', `/posts/like/${seedPostId(2)}`, token),
      await call('POST', '/posts/', { ...token, body: { postData: { text: 'x' } } }),
      await call('DELETE', `/posts/${seedPostId(5)}`, token),
    ]) {
      expect({ status: result.status, message: errorOf(result) }).toEqual({ status: 401, message: MESSAGES.tokenInvalid });
    }
    expect((await call('GET', '/posts')).status).toBe(200);
    expect(getMockDb().posts.has(seedPostId(5))).toBe(true);
  });

  it('read-only: reads and logging in work, every change of a member answers 503 and changes nothing', async () => {
    useScenario('read-only');
    const login = await call<LoginResponse>('POST', '/auth/login', { body: DEMO_CREDENTIALS });
    expect(login.status).toBe(200);
    const token = { authorization: login.json.encodedToken };
    expect((await call('GET', '/users/bookmark', token)).status).toBe(200);
    expect((await call('GET', '/posts')).status).toBe(200);
    for (const result of [
      await call('POST', `/posts/edit/${seedPostId(11)}`, { ...token, body: { postData: { text: 'x' } } }),
      await call('POST', '/users/edit', { ...token, body: { userData: { userBio: 'x' } } }),
      await call('DELETE', `/posts/${seedPostId(11)}`, token),
    ]) {
      expect({ status: result.status, message: errorOf(result) }).toEqual({ status: 503, message: MESSAGES.serviceUnavailable });
    }
    expect(getMockDb().posts.get(seedPostId(11))?.content).not.toBe('x');
    expect(getMockDb().posts.has(seedPostId(11))).toBe(true);
  });

  it('spec-only: the spec\'s calls alone, as the spec answers them; health lists no extension; every other call 404', async () => {
    useScenario('spec-only');
    expect((await call('GET', '/health')).json).toEqual({ status: 'ok', extensions: [], demo: true });
    const login = await call<LoginResponse>('POST', '/auth/login', { body: DEMO_CREDENTIALS });
    expect(login.status).toBe(200);
    const token = { authorization: login.json.encodedToken };
    // No pages and no Prefer: the whole list, and a like answers every post.
    expect((await call<PostsResponse>('GET', '/posts?limit=1')).json.posts).toHaveLength(20);
    const liked = await call<PostsResponse>('POST', `/posts/like/${seedPostId(2)}`, { ...token, headers: { prefer: 'return=minimal, reaction-counts' } });
    expect({ status: liked.status, posts: liked.json.posts.length, applied: liked.headers.get('preference-applied') }).toEqual({ status: 201, posts: 20, applied: null });
    expect((await call('GET', '/users/bookmark', token)).status).toBe(200);
    for (const [method, path] of [['GET', '/feed'], ['GET', '/events'], ['GET', `/posts/${seedPostId(2)}/replies`], ['GET', '/notifications'], ['GET', '/tags/hill/posts'], ['POST', '/auth/logout'], ['POST', '/users/mute/u-liam-chen']] as const) {
      const result = await call(method, path, token);
      expect({ call: `${method} ${path}`, status: result.status, message: errorOf(result) }).toEqual({ call: `${method} ${path}`, status: 404, message: MESSAGES.routeNotFound });
    }
    // What the spec's GET /users/{userId} answers for an id nobody has.
    const muted = await call('GET', '/users/muted', token);
    expect({ status: muted.status, message: errorOf(muted) }).toEqual({ status: 404, message: MESSAGES.userNotFound });
  });

  it('two-factor: the demo member logs in with the code of the moment or a recovery code, each once; the others as ever', async () => {
    useScenario('two-factor');
    expect(findInconsistencies(getMockDb().snapshot())).toEqual([]);
    const login = (code?: string) => call<LoginResponse>('POST', '/auth/login', { body: { ...DEMO_CREDENTIALS, ...(code === undefined ? {} : { code }) } });
    expect({ status: (await login()).status, message: errorOf(await login()) }).toEqual({ status: 401, message: MESSAGES.twoFactorRequired });
    const now = await authenticatorCode(TWO_FACTOR_DEMO.secret, new Date());
    expect((await login(now)).status).toBe(200);
    expect(errorOf(await login(now))).toBe(MESSAGES.twoFactorCodeInvalid);
    // Every code the README lists is one the store keeps.
    for (const code of TWO_FACTOR_DEMO.recoveryCodes) expect({ code, status: (await login(code)).status }).toEqual({ code, status: 200 });
    expect(errorOf(await login(TWO_FACTOR_DEMO.recoveryCodes[0]))).toBe(MESSAGES.twoFactorCodeInvalid);
    expect((await call('POST', '/auth/login', { body: { username: 'noah_kim', password: DEMO_CREDENTIALS.password } })).status).toBe(200);
  });

  it('reposts: Home opens on a quote and a repost, a quote of a gone post says so, and Noah lets nobody quote him', async () => {
    useScenario('reposts');
    expect(findInconsistencies(getMockDb().snapshot())).toEqual([]);
    const home = (await callAs<PostsPage>('demo_user', 'GET', '/feed?limit=3')).json.posts;
    expect(home.slice(0, 2).map((post) => [post.username, post.content.slice(0, 20), post.repost?.by.username ?? null, post.quote?.post?.username ?? null])).toEqual([
      ['maya_patel', 'Fifty kilometres! Sa', null, 'noah_kim'],
      ['zoe_martin', 'Sketching dunes from', 'liam_chen', null],
    ]);
    const gone = (await call<PostResponse>('GET', `/posts/${REPOSTS_DEMO.quoteOfGoneId}`)).json.post;
    expect(gone.quote).toEqual({ postId: REPOSTS_DEMO.goneId, post: null });
    const refused = await callAs('demo_user', 'POST', '/posts', { postData: { text: 'Me too' }, quoteOf: REPOSTS_DEMO.quotedPostId });
    expect({ status: refused.status, message: errorOf(refused) }).toEqual({ status: 403, message: MESSAGES.quoteNotAllowed });
    const zoes = (await callAs<NotificationsPage>('zoe_martin', 'GET', '/notifications')).json.notifications;
    expect(zoes[0]).toMatchObject({ kind: 'repost', actor: { username: 'liam_chen' }, postId: REPOSTS_DEMO.repostedPostId });
  });

  it('moderation: demo_user is an admin, Maya a moderator, and signup shows three rules to agree to', async () => {
    useScenario('moderation');
    expect(findInconsistencies(getMockDb().snapshot())).toEqual([]);
    const admin = (await call<LoginResponse>('POST', '/auth/login', { body: DEMO_CREDENTIALS })).json.foundUser;
    expect(admin.role).toBe('admin');
    const staff = (await callAs<{ staff: Array<{ username: string; role: string }> }>('demo_user', 'GET', '/moderation/staff')).json.staff;
    expect(staff.map(({ username, role }) => [username, role])).toEqual([['demo_user', 'admin'], ['maya_patel', 'moderator']]);
    const rules = (await call<{ rules: unknown[] }>('GET', '/rules')).json.rules;
    expect(rules).toEqual(MODERATION_DEMO.rules);
    const newcomer = { firstName: 'New', lastName: 'Comer', username: 'new_comer', password: 'welcome123' };
    expect({ status: (await call('POST', '/auth/signup', { body: newcomer })).status }).toEqual({ status: 400 });
    expect((await call('POST', '/auth/signup', { body: { ...newcomer, acceptedRules: true } })).status).toBe(201);
    // The moderators' queue holds three subjects, the newest report first.
    const queue = (await callAs<ModerationQueue>('maya_patel', 'GET', '/moderation/reports?status=open')).json;
    expect(queue.openCount).toBe(4);
    expect(queue.entries.map((entry) => [entry.subject.kind, entry.reports.length])).toEqual([['member', 1], ['post', 2], ['post', 1]]);
  });
});
