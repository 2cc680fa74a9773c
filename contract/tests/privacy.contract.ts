/**
 * What a member shares without choosing to: their bookmarks go to themselves alone, in every answer
 * that carries a member; and the photos they upload keep nothing that says where they were taken or
 * with which camera.
 */
import sharp from 'sharp';
import type { BookmarksResponse, FollowResponse, HealthResponse, LoginResponse, PostResponse, User, UserEditResponse, UserResponse, UsersResponse } from '../api';
import { DEMO_BOOKMARK_POST_ID, DEMO_USER_ID, SEED_PASSWORD, SEED_USER_IDS, seedPostId } from '../seed/default';
import { readImageDataUrl, sniffImage } from '../validation';
import { dataUrl } from './fixtures';
import { cameraJpeg, plainJpeg, secretsIn } from './imageFixtures';
import { call, callAs, target, tokenFor } from './support';

const LIAM_BOOKMARKS = [seedPostId(7), seedPostId(11)];

function bookmarksOf(users: readonly User[], id: string): string[] | undefined {
  return users.find((user) => user._id === id)?.bookmarks;
}

describe("a member's bookmarks are theirs alone", () => {
  it("are empty in another member's record, read with a token or without", async () => {
    const asAva = { authorization: await tokenFor('demo_user') };
    for (const options of [{}, asAva]) {
      const liam = await call<UserResponse>('GET', `/users/${SEED_USER_IDS.liam}`, options);
      expect(liam.status).toBe(200);
      expect(liam.json.user.bookmarks).toEqual([]);
      const everyone = await call<UsersResponse>('GET', '/users', options);
      expect(everyone.json.users).toHaveLength(5);
      for (const user of everyone.json.users) {
        if (options === asAva && user._id === DEMO_USER_ID) continue;
        expect({ user: user.username, bookmarks: user.bookmarks }).toEqual({ user: user.username, bookmarks: [] });
      }
    }
  });

  it("are in the member's own record: their login, GET /users/bookmark, their own /users/:id and their entry in /users with their token", async () => {
    const login = await call<LoginResponse>('POST', '/auth/login', { body: { username: 'liam_chen', password: SEED_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.json.foundUser.bookmarks).toEqual(LIAM_BOOKMARKS);
    const asLiam = { authorization: login.json.encodedToken };

    const own = await call<UserResponse>('GET', `/users/${SEED_USER_IDS.liam}`, asLiam);
    expect(own.json.user.bookmarks).toEqual(LIAM_BOOKMARKS);
    const everyone = await call<UsersResponse>('GET', '/users', asLiam);
    expect(bookmarksOf(everyone.json.users, SEED_USER_IDS.liam)).toEqual(LIAM_BOOKMARKS);
    expect(bookmarksOf(everyone.json.users, DEMO_USER_ID)).toEqual([]);
    const list = await call<BookmarksResponse>('GET', '/users/bookmark', asLiam);
    expect(list.json.bookmarks.map((post) => post.id).sort()).toEqual([...LIAM_BOOKMARKS].sort());

    // Ava's record as Liam reads it: none of hers.
    expect((await call<UserResponse>('GET', `/users/${DEMO_USER_ID}`, asLiam)).json.user.bookmarks).toEqual([]);
  });

  it('stay in the own record of a member who mutes someone (their reads are answered for them)', async () => {
    expect((await callAs('demo_user', 'POST', `/users/mute/${SEED_USER_IDS.noah}`)).status).toBe(201);
    const asAva = { authorization: await tokenFor('demo_user') };
    const everyone = await call<UsersResponse>('GET', '/users', asAva);
    expect(bookmarksOf(everyone.json.users, DEMO_USER_ID)).toEqual([DEMO_BOOKMARK_POST_ID]);
    expect(bookmarksOf(everyone.json.users, SEED_USER_IDS.liam)).toEqual([]);
    expect((await call<UserResponse>('GET', `/users/${DEMO_USER_ID}`, asAva)).json.user.bookmarks).toEqual([DEMO_BOOKMARK_POST_ID]);
  });

  it('are not given for a token that is forged, or whose session has ended', async () => {
    const token = await tokenFor('liam_chen');
    const [head, claims] = token.replace(/^Bearer /, '').split('.');
    const forged = `${head}.${claims}.${'A'.repeat(43)}`;
    const answer = await call<UserResponse>('GET', `/users/${SEED_USER_IDS.liam}`, { authorization: forged });
    expect({ status: answer.status, bookmarks: answer.json.user.bookmarks }).toEqual({ status: 200, bookmarks: [] });

    expect((await call('POST', '/auth/logout', { authorization: token })).status).toBe(200);
    const ended = await call<UserResponse>('GET', `/users/${SEED_USER_IDS.liam}`, { authorization: token });
    expect({ status: ended.status, bookmarks: ended.json.user.bookmarks }).toEqual({ status: 200, bookmarks: [] });
  });

  it("are not in a follow's answer for the other member, nor in another member's login", async () => {
    const unfollowed = await callAs<FollowResponse>('demo_user', 'POST', `/users/unfollow/${SEED_USER_IDS.liam}`);
    expect(unfollowed.status).toBe(201);
    expect(unfollowed.json.user.bookmarks).toEqual([DEMO_BOOKMARK_POST_ID]);
    expect(unfollowed.json.followUser.bookmarks).toEqual([]);
    const followed = await callAs<FollowResponse>('liam_chen', 'POST', `/users/unfollow/${DEMO_USER_ID}`);
    expect(followed.json.user.bookmarks).toEqual(LIAM_BOOKMARKS);
    expect(followed.json.followUser.bookmarks).toEqual([]);

    const edited = await callAs<UserEditResponse>('liam_chen', 'POST', '/users/edit', { userData: { userBio: 'Still here' } });
    expect(edited.json.user.bookmarks).toEqual(LIAM_BOOKMARKS);
  });
});

/** An image a backend answered, as bytes: its /media URL fetched from the server, or the stand-in's data URL. */
async function imageBytes(url: string): Promise<Uint8Array> {
  if (url.startsWith('data:')) return readImageDataUrl(url).bytes;
  const response = await fetch(new URL(url, target().baseUrl));
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** An image as a reader sees it: decoded, turned upright by its orientation, grey levels of its pixels. */
async function shown(bytes: Uint8Array): Promise<{ width: number; height: number; pixels: Uint8Array }> {
  const { data, info } = await sharp(bytes).rotate().greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: new Uint8Array(data) };
}

/** The mean difference of two pictures' grey levels, 0 to 255 (a JPEG written again differs by a few). */
function meanDifference(a: Uint8Array, b: Uint8Array): number {
  expect(a.length).toBe(b.length);
  return a.reduce((sum, value, at) => sum + Math.abs(value - b[at]!), 0) / a.length;
}

describe('photos keep no metadata that reveals a person', () => {
  it('answers a posted JPEG without its GPS position, camera serial number, owner or comments, as the same picture, upright', async () => {
    const photo = dataUrl('image/jpeg', cameraJpeg(plainJpeg(), 6));
    expect(secretsIn(readImageDataUrl(photo).bytes)).toContain('GPS latitude');

    const posted = await call<PostResponse>('POST', '/posts', {
      body: { postData: { text: 'Sunrise from the balcony', image: photo } }, authorization: await tokenFor('demo_user'), headers: { prefer: 'return=minimal' },
    });
    expect(posted.status).toBe(201);
    const stored = await imageBytes(posted.json.post.postImage);

    expect(secretsIn(stored)).toEqual([]);
    expect(sniffImage(stored)).toBe('jpeg');
    // Stored 16 x 8 and turned a quarter (Orientation 6): shown 8 x 16, the picture the camera took.
    const picture = await shown(stored);
    const taken = await shown(cameraJpeg(plainJpeg(), 6));
    expect({ width: picture.width, height: picture.height }).toEqual({ width: 8, height: 16 });
    expect(meanDifference(picture.pixels, taken.pixels)).toBeLessThan(3);
    // Read again, as everyone else reads it.
    const again = await call<PostResponse>('GET', `/posts/${posted.json.post.id}`);
    expect(secretsIn(await imageBytes(again.json.post.postImage))).toEqual([]);
  });

  it('answers an uploaded avatar without its metadata, as the same picture', async () => {
    const avatar = dataUrl('image/jpeg', cameraJpeg(plainJpeg(8, 8), 1));
    const edited = await callAs<UserEditResponse>('demo_user', 'POST', '/users/edit', { userData: { avatar } });
    expect(edited.status).toBe(201);
    const stored = await imageBytes(edited.json.user.image);
    expect(secretsIn(stored)).toEqual([]);
    expect(meanDifference((await shown(stored)).pixels, (await shown(plainJpeg(8, 8))).pixels)).toBeLessThan(3);
  });
});

describe('GET /health says whether the network is the demo network', () => {
  it('as a boolean: always on the stand-in, on the server only where it seeded the demo network', async () => {
    const health = await call<HealthResponse>('GET', '/health');
    expect(health.status).toBe(200);
    expect(health.json.demo).toBe(target().traits.demo);
  });
});
