/**
 * The default seed (spec sections 1 and 3): 5 members and 20 posts, 17 of them with an image, built
 * by the same factories the tests use. Ids are fixed so deep links survive a reload; posts are one
 * per day; every image ships under public/images.
 */
import { DB_SNAPSHOT_VERSION, type DbSnapshot, type PostRecord, type UserRecord } from '../snapshot';
import { buildPost, buildUser, linkFollow, stableUuid } from './factories';
import { seedNotifications } from './notifications';

import { DEMO_CREDENTIALS } from './accounts';

export { DEMO_CREDENTIALS, SAMPLE_SIGNUP } from './accounts';

/** Every seed member shares this password, so QA can sign in as anyone. */
export const SEED_PASSWORD = DEMO_CREDENTIALS.password;

export const SEED_USER_IDS = {
  ava: 'u-ava-reed',
  liam: 'u-liam-chen',
  maya: 'u-maya-patel',
  noah: 'u-noah-kim',
  zoe: 'u-zoe-martin',
} as const;

export const DEMO_USER_ID = SEED_USER_IDS.ava;

/** Seed post n (1 to 20) has the id a5e0c1a2-0000-4000-8000-0000000000nn (n in hex). */
export function seedPostId(n: number): string {
  return stableUuid(n, 'a5e0c1a2');
}

const day = (n: number, hour: number): string => new Date(Date.UTC(2025, 4, 1 + n, hour, 15 * (n % 4), 0)).toISOString();

/** [who, first name, last name, username, bio, portfolio, joined]: each avatar is named after its member (ava-reed.jpg). */
const MEMBERS: Array<[Who, string, string, string, string, string, string]> = [
  ['ava', 'Ava', 'Reed', DEMO_CREDENTIALS.username, 'Product designer. Morning walks, strong coffee, small sketches.', 'https://ava-reed.example.com', '2025-04-02T08:00:00.000Z'],
  ['liam', 'Liam', 'Chen', 'liam_chen', 'Landscape photographer chasing first light.', 'https://liamchen.example.com', '2025-04-05T10:30:00.000Z'],
  ['maya', 'Maya', 'Patel', 'maya_patel', 'Travel writer. Currently somewhere with a view.', 'https://mayapatel.example.com', '2025-04-09T14:00:00.000Z'],
  ['noah', 'Noah', 'Kim', 'noah_kim', 'Frontend developer and weekend cyclist.', '', '2025-04-14T18:45:00.000Z'],
  ['zoe', 'Zoe', 'Martin', 'zoe_martin', 'Illustrator. I draw the weather.', 'https://zoemartin.example.com', '2025-04-20T07:20:00.000Z'],
];

/** Each seed member's username, to sign in as them (every one with SEED_PASSWORD). */
export const SEED_USERNAMES = Object.fromEntries(MEMBERS.map(([who, , , username]) => [who, username])) as Readonly<Record<Who, string>>;

/** [follower, followee] pairs: the demo member follows Liam and Maya. */
const FOLLOWS: Array<[keyof typeof SEED_USER_IDS, keyof typeof SEED_USER_IDS]> = [
  ['ava', 'liam'], ['ava', 'maya'],
  ['liam', 'ava'], ['liam', 'maya'], ['liam', 'noah'],
  ['maya', 'ava'], ['maya', 'zoe'],
  ['noah', 'liam'], ['noah', 'zoe'],
  ['zoe', 'ava'], ['zoe', 'maya'], ['zoe', 'noah'],
];

type Who = keyof typeof SEED_USER_IDS;

/** [author, text, image file or '' , likers, dislikers]: one post per day, in order. */
const POSTS: Array<[Who, string, string, Who[], Who[]]> = [
  ['liam', 'First light over the ridge this morning. Worth every minute of the 4 a.m. alarm.', 'mountain-sunrise', ['ava', 'maya', 'zoe'], []],
  ['maya', 'The lake went completely still just before dusk. No filter needed.', 'lake-dusk', ['liam', 'noah'], []],
  ['noah', 'Shipped the new settings page today. Small change, many edge cases.', '', ['ava'], ['zoe']],
  ['zoe', 'Sketching dunes from memory. The wind does the real drawing.', 'desert-dunes', ['maya'], []],
  ['ava', 'Hello SocialConnect! Starting the week with a walk and a plan.', 'forest-morning', ['liam', 'maya', 'zoe'], []],
  ['liam', 'City lights from the rooftop. Every window is a story.', 'city-night', ['noah', 'zoe'], []],
  ['maya', 'Sunset swim, then chips on the harbour wall. Perfect day.', 'ocean-sunset', ['ava', 'liam', 'noah', 'zoe'], []],
  ['noah', 'Fifty kilometres on the new bike path. My legs have opinions.', 'bicycle-path', [], []],
  ['zoe', 'Snow on the peaks already. Autumn is in a hurry this year.', 'snowy-peaks', ['liam'], ['noah']],
  ['liam', 'Golden hour on the hills. I could watch this light all day.', 'autumn-hills', ['ava', 'maya'], []],
  ['ava', 'Two cups, one long conversation. Best kind of Saturday.', 'morning-coffee', ['maya', 'zoe'], []],
  ['maya', 'Saw the northern lights for the first time. I actually cried.', 'northern-lights', ['ava', 'liam', 'noah', 'zoe'], []],
  ['noah', 'Reading list for the week: accessibility, caching, and one novel.', '', ['maya'], []],
  ['zoe', 'Red rock, blue sky, and a sketchbook full of canyons.', 'red-canyon', ['ava'], []],
  ['liam', 'The tulip fields are open again. Bring a wide lens.', 'tulip-field', ['maya', 'zoe'], ['noah']],
  ['maya', 'Harbour mornings: boats heading out, gulls arguing about breakfast.', 'harbor-boats', ['liam'], []],
  ['noah', 'Counted more stars than bugs tonight. Good ratio.', 'starry-night', ['ava', 'zoe'], []],
  ['zoe', 'Rainy window, warm tea, new brushes. Painting until it stops.', 'rainy-window', [], []],
  ['liam', 'Tiny island, big noon sun. Found the quietest beach on the map.', 'island-noon', ['ava', 'noah'], []],
  ['maya', 'Pressed flowers from the market, turned into a colour study.', 'abstract-bloom', ['zoe'], []],
];

/**
 * What each seed photo shows, for those who cannot see it (the `alt-text` extension). Two photos
 * have none, so a first look shows both kinds of image.
 */
const IMAGE_ALTS: Readonly<Record<string, string>> = {
  'mountain-sunrise': 'Sunrise over a rocky mountain ridge, the sky orange above a valley still in shadow.',
  'lake-dusk': 'A perfectly still lake at dusk, the pink sky and dark pines mirrored in the water.',
  'desert-dunes': 'Rippled sand dunes under a pale sky, long shadows across their crests.',
  'forest-morning': 'A path through a pine forest, morning sun slanting through the mist between the trunks.',
  'city-night': 'A city at night seen from a rooftop: lit office windows and streets of light below.',
  'ocean-sunset': 'The sun setting over a calm sea, a golden path of light on the water.',
  'snowy-peaks': 'Snow-covered mountain peaks above autumn-coloured slopes.',
  'autumn-hills': 'Rolling hills in golden evening light, trees in red and orange.',
  'morning-coffee': 'Two cups of coffee on a wooden table by a bright window.',
  'northern-lights': 'Green northern lights rippling across a starry sky above a dark shoreline.',
  'red-canyon': 'Red rock canyon walls under a deep blue sky.',
  'tulip-field': 'Rows of red, yellow and pink tulips stretching to the horizon.',
  'harbor-boats': 'Small fishing boats moored in a harbour in soft morning light, gulls overhead.',
  'starry-night': 'A night sky full of stars above the silhouette of trees.',
  'island-noon': 'A tiny island with a white beach and turquoise water under the noon sun.',
  'abstract-bloom': 'Pressed flowers in pinks and purples arranged as a colour study on paper.',
};

/** Seed posts their authors changed after posting: [post number, minutes after it was posted]. */
const EDITED_POSTS: ReadonlyArray<[number, number]> = [[3, 42], [13, 95]];

/** How many of the demo member's seed notifications are unread. */
export const DEMO_UNREAD_NOTIFICATIONS = 2;

/** The demo member bookmarks Maya's northern lights post. */
export const DEMO_BOOKMARK_POST_ID = seedPostId(12);

export function buildDefaultSeed(): DbSnapshot {
  const users = MEMBERS.map(([who, firstName, lastName, username, userBio, userPortfolioUrl, createdAt]) => buildUser({
    id: SEED_USER_IDS[who],
    firstName,
    lastName,
    username,
    image: `/images/avatars/${firstName.toLowerCase()}-${lastName.toLowerCase()}.jpg`,
    userBio,
    userPortfolioUrl,
    createdAt,
    password: SEED_PASSWORD,
    updatedAt: createdAt,
    followers: [],
    following: [],
    bookmarks: [],
  }));
  const byKey = (who: Who): UserRecord => {
    const user = users.find((candidate) => candidate.id === SEED_USER_IDS[who]);
    if (!user) throw new Error(`Seed member ${who} is missing`);
    return user;
  };
  for (const [follower, followee] of FOLLOWS) linkFollow(byKey(follower), byKey(followee));

  const posts: PostRecord[] = POSTS.map(([author, content, image, likers, dislikers], index) => {
    const createdAt = day(index, 8 + (index % 10));
    const alt = image ? IMAGE_ALTS[image] : undefined;
    const edit = EDITED_POSTS.find(([number]) => number === index + 1);
    const editedAt = edit ? new Date(Date.parse(createdAt) + edit[1] * 60_000).toISOString() : undefined;
    return buildPost({
      ...(alt ? { imageAlt: alt } : {}),
      ...(editedAt ? { editedAt } : {}),
      id: seedPostId(index + 1),
      authorId: SEED_USER_IDS[author],
      content,
      postImage: image ? `/images/posts/${image}.jpg` : '',
      likedBy: likers.map((who) => SEED_USER_IDS[who]),
      dislikedBy: dislikers.map((who) => SEED_USER_IDS[who]),
      createdAt,
      updatedAt: editedAt ?? createdAt,
    });
  });
  byKey('ava').bookmarks.push(DEMO_BOOKMARK_POST_ID);
  byKey('liam').bookmarks.push(seedPostId(7), seedPostId(11));

  // The demo member's followers and the likes of her two posts: five notifications, two unread.
  return { version: DB_SNAPSHOT_VERSION, users, posts, notifications: seedNotifications({ users, posts }, DEMO_USER_ID, DEMO_UNREAD_NOTIFICATIONS) };
}

/** File names (without extension) of every post image under public/images/posts. */
export const POST_IMAGE_NAMES: readonly string[] = POSTS.map(([, , image]) => image).filter((image) => image !== '');
