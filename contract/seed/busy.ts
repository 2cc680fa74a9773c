/**
 * The `busy` scenario's store: 200 members and 10,000 posts, built deterministically (the same
 * store on every run) and fast. The five default members are among them, so the demo account works.
 */
import { DB_SNAPSHOT_VERSION, type DbSnapshot, type PostRecord, type UserRecord } from '../snapshot';
import { buildPost, buildUser, linkFollow, pseudoRandom, stableUuid } from './factories';
import { buildDefaultSeed, DEMO_USER_ID, POST_IMAGE_NAMES, SEED_PASSWORD } from './default';
import { seedNotifications } from './notifications';

export const BUSY_MEMBER_COUNT = 200;
export const BUSY_POST_COUNT = 10_000;
/** One post in this many mentions the demo member. */
export const BUSY_MENTION_EVERY = 4;

const FIRST = ['Olivia', 'Ethan', 'Sofia', 'Lucas', 'Amara', 'Mateo', 'Hana', 'Omar', 'Ines', 'Kai', 'Leila', 'Jonas', 'Priya', 'Diego', 'Freya', 'Yusuf', 'Nora', 'Arjun', 'Elena', 'Tomas'];
const LAST = ['Silva', 'Novak', 'Okafor', 'Larsen', 'Haddad', 'Tanaka', 'Moreau', 'Kowalski', 'Rossi', 'Nguyen'];
const OPENERS = ['Quick thought:', 'Today I learned', 'Weekend plan:', 'Small win:', 'Reading now:', 'Note to self:', 'Hot take:', 'Photo dump:'];
const TOPICS = ['morning runs', 'sourdough', 'trail maps', 'city gardens', 'old film cameras', 'tide pools', 'night markets', 'typography', 'rainy Sundays', 'board games', 'mountain huts', 'street food'];
const ENDINGS = ['Worth it.', 'More soon!', 'Who else?', 'Highly recommend.', 'Still thinking about it.', 'Ten out of ten.'];

export function buildBusySeed(): DbSnapshot {
  const base = buildDefaultSeed();
  const users: UserRecord[] = base.users.map((user) => ({ ...user, followers: [], following: [], bookmarks: [] }));
  for (let n = users.length; n < BUSY_MEMBER_COUNT; n += 1) {
    const firstName = FIRST[n % FIRST.length] ?? 'Member';
    const lastName = LAST[Math.floor(n / FIRST.length) % LAST.length] ?? 'Busy';
    const createdAt = new Date(Date.UTC(2024, 0, 1) + n * 3_600_000).toISOString();
    users.push(buildUser({
      id: `u-busy-${String(n).padStart(3, '0')}`,
      firstName,
      lastName,
      username: `${firstName}_${lastName}_${n}`.toLowerCase(),
      password: SEED_PASSWORD,
      createdAt,
      updatedAt: createdAt,
    }));
  }

  // Everyone follows the next five members; the demo member also follows the next twenty.
  users.forEach((user, index) => {
    const reach = user.id === DEMO_USER_ID ? 25 : 5;
    for (let step = 1; step <= reach; step += 1) {
      const other = users[(index + step) % users.length];
      if (other) linkFollow(user, other);
    }
  });

  const random = pseudoRandom(20_250_501);
  const start = Date.UTC(2024, 0, 2);
  const posts: PostRecord[] = new Array<PostRecord>(BUSY_POST_COUNT);
  for (let i = 0; i < BUSY_POST_COUNT; i += 1) {
    const author = users[(i * 37) % users.length] ?? users[0];
    const likeCount = random() % 7;
    const likedBy: string[] = [];
    for (let k = 0; k < likeCount; k += 1) {
      const liker = users[(i + 1 + k * 13) % users.length];
      if (liker && !likedBy.includes(liker.id)) likedBy.push(liker.id);
    }
    const createdAt = new Date(start + i * 47 * 60_000).toISOString();
    const image = i % 3 === 0 ? POST_IMAGE_NAMES[(i / 3) % POST_IMAGE_NAMES.length] : undefined;
    posts[i] = buildPost({
      id: stableUuid(i + 1, 'b0000000'),
      authorId: author?.id ?? DEMO_USER_ID,
      content: `${OPENERS[random() % OPENERS.length] ?? ''} ${TOPICS[random() % TOPICS.length] ?? ''}. ${ENDINGS[random() % ENDINGS.length] ?? ''}${i % BUSY_MENTION_EVERY === 0 ? ' cc @demo_user' : ''} (#${i + 1})`,
      postImage: image ? `/images/posts/${image}.jpg` : '',
      likedBy,
      createdAt,
      updatedAt: createdAt,
    });
  }
  const demo = users.find((user) => user.id === DEMO_USER_ID);
  if (demo) demo.bookmarks = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89].map((n) => stableUuid(n, 'b0000000'));

  // Thousands of notifications for the demo member (the mentions, her posts' likes, her followers): pages.
  return { version: DB_SNAPSHOT_VERSION, users, posts, notifications: seedNotifications({ users, posts }, DEMO_USER_ID, 120) };
}
