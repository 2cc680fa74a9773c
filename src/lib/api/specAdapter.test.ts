import { SEED_USER_IDS, seedPostId } from '../../../contract/seed/default';
import type { ApiExtension, Post } from '../../types/api';
import { inSpecTerms, MEMBERS_KEPT_MS, pageOf, type SpecBackend, type SpecCall } from './specAdapter';

const has = (...extensions: ApiExtension[]): SpecBackend => ({ extensions, memberId: SEED_USER_IDS.ava });

/** Posts with ids only: what a page cuts is the point here. */
const posts = (count: number): Post[] => Array.from({ length: count }, (_, index) => ({ id: seedPostId(index + 1) }) as Post);
/** A post of a day of January, without likes. */
const at = (id: number, day: number) => ({ id: seedPostId(id), createdAt: `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`, likes: { likeCount: 0 } }) as Post;
/** The preferences of a bookmark or a follow, and of a like (as the app asks them). */
const CHANGE_ALONE = { prefer: 'return=minimal, change-counts' };
const COUNTS_ALONE = { prefer: 'return=minimal, reaction-counts' };
/** The Prefer header a translated call is sent with. */
const preferOf = (call: SpecCall | undefined) => new Headers(call?.requests[0]?.headers as HeadersInit).get('prefer');
const ids = (page: { posts: Post[] } | undefined) => page?.posts.map((post) => post.id);

describe('the spec adapter: a call asked in an extension, sent to a backend that lacks it', () => {
  it('asks a backend without pages for every bookmark, and answers the page asked for', () => {
    const call = inSpecTerms({ url: '/users/bookmark?limit=2' }, has());
    expect(call?.requests.map((request) => request.url)).toEqual(['/users/bookmark']);
    const first = call?.answer([{ bookmarks: posts(5) }]) as { posts: Post[]; nextCursor: string | null };
    expect(ids(first)).toEqual([seedPostId(1), seedPostId(2)]);
    expect(first.nextCursor).not.toBeNull();

    const second = inSpecTerms({ url: `/users/bookmark?${new URLSearchParams({ limit: '2', cursor: first.nextCursor ?? '' })}` }, has());
    expect(ids(second?.answer([{ bookmarks: posts(5) }]) as { posts: Post[] })).toEqual([seedPostId(3), seedPostId(4)]);
  });

  it('asks a backend without pages for all of a member’s posts, and answers their pages newest first', () => {
    const call = inSpecTerms({ url: '/posts/user/maya_patel?limit=2' }, has());
    expect(call?.requests.map((request) => request.url)).toEqual(['/posts/user/maya_patel']);
    expect(ids(call?.answer([{ posts: [at(1, 3), at(2, 9), at(3, 5)] }]) as { posts: Post[] })).toEqual([seedPostId(2), seedPostId(3)]);
    expect(call?.answer([{}])).toBeUndefined();
  });

  it('asks a backend without pages for every post, and cuts the following pages from the first one’s answer', () => {
    const first = inSpecTerms({ url: '/posts?limit=2' }, has());
    expect(first?.requests.map((request) => request.url)).toEqual(['/posts']);
    expect(first?.page).toBe('first');
    const answer = { posts: [at(1, 3), at(2, 9), at(3, 5)] };
    const page = first?.answer([answer]) as { posts: Post[]; nextCursor: string };
    expect(ids(page)).toEqual([seedPostId(2), seedPostId(3)]);

    const next = inSpecTerms({ url: `/posts?${new URLSearchParams({ limit: '2', cursor: page.nextCursor })}` }, has());
    expect(next?.page).toBe('next');
    expect(ids(next?.answer([answer]) as { posts: Post[] })).toEqual([seedPostId(1)]);
  });

  it('chooses whom to follow from every member and the member’s record: not the member, nobody they follow, at most the limit', () => {
    const { ava, liam, maya, noah, zoe } = SEED_USER_IDS;
    const member = (id: string, following: string[] = []) => ({ _id: id, id, username: id, firstName: 'First', lastName: id, image: '', userBio: 'bio', following: following.map((_id) => ({ _id })) });
    const everyone = { users: [member(ava, [maya]), member(liam), member(maya), member(noah), member(zoe)] };
    const call = inSpecTerms({ url: '/users/suggestions?limit=2' }, has('pages', 'mute-block'));
    expect(call?.requests.map((request) => request.url)).toEqual(['/users', `/users/${ava}`]);
    const answer = call?.answer([everyone, { user: member(ava, [liam]) }]) as { users: { _id: string }[] };
    // The member's own record says whom they follow now; the list's copy of it may be older.
    expect(answer).toEqual({ users: [maya, noah].map((id) => ({ _id: id, username: id, firstName: 'First', lastName: id, image: '' })), total: 3 });
    // Nothing until both answers are in.
    expect(call?.answer([everyone, {}])).toBeUndefined();
    expect(call?.answer([{}, { user: member(ava) }])).toBeUndefined();
    // Logged out: everyone, nothing else asked.
    const anyone = inSpecTerms({ url: '/users/suggestions?limit=30' }, { extensions: [], memberId: null });
    expect(anyone?.requests.map((request) => request.url)).toEqual(['/users']);
    expect((anyone?.answer([everyone]) as { users: { _id: string }[] }).users.map((user) => user._id)).toEqual([ava, liam, maya, noah, zoe]);
    // A backend with the extension chooses itself.
    expect(inSpecTerms({ url: '/users/suggestions?limit=2' }, has('suggestions'))).toBeUndefined();
  });

  it('looks for members in every member, asked for once: by name, or one by username, the first of how many', () => {
    const person = (id: string, firstName: string, lastName: string) => ({ _id: id, id, username: `${firstName}_${lastName}`.toLowerCase(), firstName, lastName, image: '', userBio: 'bio', following: [] });
    const everyone = { users: [person('a', 'Ava', 'Reed'), person('m', 'Maya', 'Patel'), person('z', 'Zoe', 'Martin'), person('n', 'Noah', 'Kim')] };
    const byName = inSpecTerms({ url: '/users/search?q=MA&limit=1' }, has('pages', 'suggestions'));
    expect(byName?.requests.map((request) => request.url)).toEqual(['/users']);
    // Each search for a minute after the first looks in the answer the first one got.
    expect(byName?.page).toBe('next');
    expect(byName?.keptForMs).toBe(MEMBERS_KEPT_MS);
    expect(byName?.answer([everyone])).toEqual({ users: [{ _id: 'm', username: 'maya_patel', firstName: 'Maya', lastName: 'Patel', image: '' }], total: 2 });
    expect(byName?.answer([{}])).toBeUndefined();
    const byUsername = inSpecTerms({ url: '/users/search?username=%40Zoe_Martin&limit=1' }, has());
    expect((byUsername?.answer([everyone]) as { users: { _id: string }[] }).users.map((user) => user._id)).toEqual(['z']);
    // A search too long finds nobody, as nothing to look for does.
    expect(inSpecTerms({ url: `/users/search?q=${'a'.repeat(201)}&limit=20` }, has())?.answer([everyone])).toEqual({ users: [], total: 0 });
    expect(inSpecTerms({ url: '/users/search?q=ma&limit=20' }, has('member-search'))).toBeUndefined();
  });

  it('builds the home feed from every post and the member’s record: their own posts and those they follow, in the order asked', () => {
    const by = (post: Post, author: string, username: string, likeCount: number) => ({ ...post, _id: author, username, likes: { likeCount } }) as Post;
    const everyPost = [
      by(at(1, 3), SEED_USER_IDS.ava, 'ava', 1),
      by(at(2, 9), SEED_USER_IDS.maya, 'maya', 5),
      by(at(3, 5), SEED_USER_IDS.noah, 'noah', 9),
      by(at(4, 7), SEED_USER_IDS.maya, 'maya', 0),
    ];
    const member = { user: { _id: SEED_USER_IDS.ava, username: 'ava', following: [{ _id: SEED_USER_IDS.maya }] } };

    const call = inSpecTerms({ url: '/feed?sort=trending&limit=20' }, has('pages'));
    expect(call?.requests.map((request) => request.url)).toEqual(['/posts', `/users/${SEED_USER_IDS.ava}`]);
    expect(ids(call?.answer([{ posts: everyPost }, member]) as { posts: Post[] })).toEqual([seedPostId(2), seedPostId(1), seedPostId(4)]);
    const latest = inSpecTerms({ url: '/feed?sort=latest&limit=20' }, has());
    expect(ids(latest?.answer([{ posts: everyPost }, member]) as { posts: Post[] })).toEqual([seedPostId(2), seedPostId(4), seedPostId(1)]);
    // Without the member's record there is no feed to build: the answer is ignored (spec section 7).
    expect(latest?.answer([{ posts: everyPost }, {}])).toBeUndefined();
    // Nobody signed in has a feed: the call goes as it is, and the backend refuses it.
    expect(inSpecTerms({ url: '/feed?sort=latest&limit=20' }, { extensions: [], memberId: null })).toBeUndefined();
  });

  it('leaves a call alone where the backend has the extension it asks in, and every call it does not know', () => {
    expect(inSpecTerms({ url: '/users/bookmark?limit=20' }, has('pages'))).toBeUndefined();
    expect(inSpecTerms({ url: '/users/bookmark/p1', method: 'POST', headers: CHANGE_ALONE }, has('return-minimal', 'change-counts'))).toBeUndefined();
    expect(inSpecTerms({ url: '/posts?limit=20' }, has('pages'))).toBeUndefined();
    expect(inSpecTerms({ url: '/feed?sort=latest&limit=20' }, has('feed'))).toBeUndefined();
    expect(inSpecTerms({ url: '/posts/p1' }, has())).toBeUndefined();
    expect(inSpecTerms({ url: '/health' }, has())).toBeUndefined();
  });

  it('turns the spec’s answer to a bookmark into the change, with the post; to a removal, without', () => {
    const lake = { id: seedPostId(2) } as Post;
    const made = inSpecTerms({ url: `/users/bookmark/${lake.id}`, method: 'POST', headers: CHANGE_ALONE }, has('pages'));
    expect(preferOf(made)).toBeNull();
    expect(made?.answer([{ bookmarks: [lake] }])).toEqual({ postId: lake.id, bookmarked: true, post: lake });

    const removed = inSpecTerms({ url: `/users/remove-bookmark/${lake.id}`, method: 'POST', headers: CHANGE_ALONE }, has());
    expect(removed?.answer([{ bookmarks: [] }])).toEqual({ postId: lake.id, bookmarked: false, post: undefined });
  });

  it('asks only for the preferences the backend has, and reads a post’s answer as the counts asked for', () => {
    const liked = { id: seedPostId(2), likes: { likeCount: 4, likedBy: [{ _id: SEED_USER_IDS.ava }], dislikedBy: [{ _id: SEED_USER_IDS.noah }] } } as Post;
    const like = { url: `/posts/like/${liked.id}`, method: 'POST', headers: COUNTS_ALONE };
    const counts = { postId: liked.id, likeCount: 4, dislikeCount: 1, reaction: 'like' };
    expect(inSpecTerms(like, has('return-minimal', 'reaction-counts'))).toBeUndefined();
    // A changed-only answer without its counts: the post.
    const minimal = inSpecTerms(like, has('return-minimal'));
    expect(preferOf(minimal)).toBe('return=minimal');
    expect(minimal?.answer([{ post: liked }])).toEqual(counts);
    // The spec's answer: every post.
    const spec = inSpecTerms(like, has());
    expect(preferOf(spec)).toBeNull();
    expect(spec?.answer([{ posts: [{ id: seedPostId(1) }, liked] }])).toEqual(counts);
    expect(spec?.answer([{ posts: [] }])).toBeUndefined();
  });

  it('reads the spec’s every post as the post made, the post edited, or the id of the post deleted', () => {
    const mine = (id: number, day: number) => ({ ...at(id, day), _id: SEED_USER_IDS.ava }) as Post;
    const everyPost = { posts: [mine(1, 3), mine(2, 9), { ...at(3, 12), _id: SEED_USER_IDS.noah }] };
    const sent = (url: string, method: string) => inSpecTerms({ url, method, headers: { prefer: 'return=minimal' } }, has());
    expect(sent('/posts/', 'POST')?.answer([everyPost])).toEqual({ post: everyPost.posts[1] });
    expect(sent(`/posts/edit/${seedPostId(1)}`, 'POST')?.answer([everyPost])).toEqual({ post: everyPost.posts[0] });
    expect(sent(`/posts/${seedPostId(1)}`, 'DELETE')?.answer([everyPost])).toEqual({ postId: seedPostId(1) });
    expect(sent(`/posts/${seedPostId(1)}`, 'DELETE')?.answer([{}])).toBeUndefined();
    expect(sent('/posts/', 'POST')?.answer([{ message: 'no posts' }])).toBeUndefined();
  });

  it('reads both members, the spec’s answer to a follow, as the relation and its counts', () => {
    const follow = { url: `/users/follow/${SEED_USER_IDS.noah}`, method: 'POST', headers: CHANGE_ALONE };
    const members = { user: { _id: SEED_USER_IDS.ava, following: [{}, {}] }, followUser: { _id: SEED_USER_IDS.noah, followers: [{}, {}, {}] } };
    const change = { userId: SEED_USER_IDS.noah, following: true, followerCount: 3, followingCount: 2 };
    expect(inSpecTerms(follow, has())?.answer([members])).toEqual(change);
    const minimal = inSpecTerms(follow, has('return-minimal'));
    expect(preferOf(minimal)).toBe('return=minimal');
    expect(minimal?.answer([members])).toEqual(change);
    expect(inSpecTerms(follow, has())?.answer([{ user: members.user }])).toBeUndefined();
  });

  it('reads an answer without its list as no change (spec section 7)', () => {
    expect(inSpecTerms({ url: '/users/bookmark?limit=20' }, has())?.answer([{}])).toBeUndefined();
    expect(inSpecTerms({ url: '/users/bookmark/p1', method: 'POST', headers: CHANGE_ALONE }, has())?.answer([{ message: 'ok' }])).toBeUndefined();
  });
});

describe('a call of the contract that the spec does not have', () => {
  it('is not sent to a backend that lists no extension: a logout ends the session on this device alone', () => {
    const call = inSpecTerms({ url: '/auth/logout', method: 'POST' }, has());
    expect(call?.requests).toEqual([]);
    expect(call?.answer([])).toEqual({});
    expect(inSpecTerms({ url: '/auth/logout', method: 'POST' }, has('pages'))).toBeUndefined();
  });
});

describe('a page of a whole list', () => {
  it('goes on after the last post it showed, where the list changed between two pages', () => {
    const first = pageOf(posts(6), 3, null);
    expect(ids(first)).toEqual([seedPostId(1), seedPostId(2), seedPostId(3)]);
    // A post before the cursor was removed meanwhile: the next page still starts after post 3.
    const shorter = posts(6).filter((post) => post.id !== seedPostId(1));
    const next = pageOf(shorter, 3, first?.nextCursor ?? null);
    expect(ids(next)).toEqual([seedPostId(4), seedPostId(5), seedPostId(6)]);
    expect(next?.nextCursor).toBeNull();
  });

  it('goes on after the one before, where the post it ended on is gone; from its place where all it names are', () => {
    const first = pageOf(posts(6), 3, null);
    const without3 = posts(6).filter((post) => post.id !== seedPostId(3));
    expect(ids(pageOf(without3, 3, first?.nextCursor ?? null))).toEqual([seedPostId(4), seedPostId(5), seedPostId(6)]);
    // The three it names were each removed and another bookmarked in its place: it goes on from the place.
    const replaced = [...posts(9).slice(6), ...posts(6).slice(3)];
    expect(ids(pageOf(replaced, 3, first?.nextCursor ?? null))).toEqual([seedPostId(4), seedPostId(5), seedPostId(6)]);
    expect(ids(pageOf(posts(2), 3, first?.nextCursor ?? null))).toEqual([]);
  });

  it('starts at the first post for a cursor it did not write', () => {
    expect(ids(pageOf(posts(2), 3, 'not-a-cursor'))).toEqual([seedPostId(1), seedPostId(2)]);
  });
});
