import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { delay, http, HttpResponse } from 'msw';
import { server } from '../../../mocks/testing/node';
import type { DataExport } from '../../../contract/api';
import { LIMITS } from '../../../contract/limits';
import { PNG_DATA_URL } from '../../../contract/tests/fixtures';
import { archiveName, buildArchive, csvField, fetchImageWithin, readArchive, toCsv } from './dataArchive';

/** A file's text as written, its byte order mark kept. */
const text = (bytes: Uint8Array | undefined) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
const PNG = Uint8Array.from(atob(PNG_DATA_URL.split(',')[1]!), (char) => char.charCodeAt(0));

function exported(): DataExport {
  return {
    format: LIMITS.dataFormat,
    exportedAt: '2026-06-02T10:00:00.000Z',
    profile: { username: 'ava', firstName: 'Ava', lastName: 'Reed', userBio: 'Walks', userPortfolioUrl: '', language: 'de', image: '/images/avatars/ava-reed.jpg', createdAt: '2025-05-01T00:00:00.000Z' },
    posts: [
      { id: 'p1', content: 'Hello, "world"\nsecond line', postImage: 'data:image/png;base64,one', imageAlt: 'A dot', warning: '', createdAt: '2025-05-02T00:00:00.000Z', editedAt: null },
      { id: 'p2', content: 'Same picture again', postImage: 'data:image/png;base64,one', imageAlt: '', warning: 'Dots', createdAt: '2025-05-03T00:00:00.000Z', editedAt: '2025-05-04T00:00:00.000Z' },
      {
        id: 'p3', content: 'Lost picture', postImage: '/media/gone.png', imageAlt: '', warning: '', createdAt: '2025-05-05T00:00:00.000Z', editedAt: null,
        moreImages: [{ url: 'data:image/png;base64,two', alt: 'Second' }, { url: '/media/gone-too.png', alt: 'Gone too' }],
      },
    ],
    replies: [{ id: 'r1', postId: 'p1', postAuthor: 'ava', replyToId: null, content: 'Zażółć gęślą jaźń', createdAt: '2025-05-02T01:00:00.000Z' }],
    pinnedPostIds: ['p2'],
    following: [{ username: 'liam_chen', firstName: 'Liam', lastName: 'Chen' }],
    muting: [],
    blocking: [{ username: 'zoe_martin', firstName: 'Zoe', lastName: 'Martin' }],
    bookmarks: [{ postId: 'x9', postAuthor: 'maya_patel', content: 'Northern lights' }],
  };
}

/** Images as a backend would answer them: the data URL's own bytes, the app's avatar, and one gone. */
const fetchImage = async (url: string) => (url.startsWith('data:') ? PNG : url.startsWith('/images/') ? new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]) : undefined);

describe('CSV', () => {
  it('quotes a field only when it must, doubling its quotes (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(toCsv(['a', 'b'], [['1', 'x,y']])).toBe('\uFEFFa,b\r\n1,"x,y"\r\n');
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(csvField('=HYPERLINK("https://example.com","click")')).toBe('"\'=HYPERLINK(""https://example.com"",""click"")"');
    expect(csvField('+1 to this')).toBe("'+1 to this");
    expect(csvField('-- a quote')).toBe("'-- a quote");
    expect(csvField('@noah_kim hello')).toBe("'@noah_kim hello");
    expect(csvField('\t=1+1')).toBe("'\t=1+1");
    // Numbers stay numbers; text with the sign later stays as it was.
    expect(csvField(-3)).toBe('-3');
    expect(csvField('a = b')).toBe('a = b');
  });
});

describe('the zip of a member\'s data', () => {
  it('is named for the member and the day', () => {
    expect(archiveName('ava', new Date(2026, 0, 5, 23, 59))).toBe('socialconnect-ava-2026-01-05.zip');
  });

  it('holds the export, the parts a person reads, each image once, and names what could not be fetched', async () => {
    const progress: string[] = [];
    const { bytes, missing } = await buildArchive(exported(), fetchImage, (step) => progress.push(step.stage === 'images' ? `${step.done}/${step.count}` : step.stage));
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual([
      'README.txt', 'blocks.csv', 'bookmarks.csv', 'data.json', 'follows.csv', 'images/avatar.jpg', 'images/post-0001.png', 'images/post-0003-2.png', 'manifest.json',
      'mutes.csv', 'posts.csv', 'posts.json', 'profile.json', 'replies.csv', 'replies.json',
    ]);
    expect(missing).toEqual(['/media/gone.png', '/media/gone-too.png']);
    expect(progress).toEqual(['0/6', '1/6', '2/6', '3/6', '4/6', '5/6', '6/6', 'packing']);
    expect(files['images/post-0001.png']).toEqual(PNG);
    expect(text(files['posts.csv'])).toBe(
      '\uFEFFid,createdAt,editedAt,content,warning,image,imageAlt,moreImages\r\n'
      + 'p1,2025-05-02T00:00:00.000Z,,"Hello, ""world""\nsecond line",,images/post-0001.png,A dot,\r\n'
      + 'p2,2025-05-03T00:00:00.000Z,2025-05-04T00:00:00.000Z,Same picture again,Dots,images/post-0001.png,,\r\n'
      + 'p3,2025-05-05T00:00:00.000Z,,Lost picture,,,,"images/post-0003-2.png\tSecond\n\tGone too"\r\n',
    );
    expect(strFromU8(files['replies.csv']!)).toContain('Zażółć gęślą jaźń');
    expect(JSON.parse(strFromU8(files['manifest.json']!))).toMatchObject({ format: LIMITS.dataFormat, username: 'ava', missingImages: ['/media/gone.png', '/media/gone-too.png'] });
    expect(strFromU8(files['README.txt']!)).toContain('/media/gone.png');
  });

  it('reads back into an import: images as data URLs, the app\'s own by their path, lists by name and id', async () => {
    const { bytes } = await buildArchive(exported(), fetchImage);
    const body = readArchive(bytes);
    expect(body).toEqual({
      format: LIMITS.dataFormat,
      profile: { userBio: 'Walks', userPortfolioUrl: '', language: 'de', avatar: '/images/avatars/ava-reed.jpg' },
      posts: [
        { id: 'p1', text: 'Hello, "world"\nsecond line', image: PNG_DATA_URL, imageAlt: 'A dot', warning: '', createdAt: '2025-05-02T00:00:00.000Z', editedAt: null },
        { id: 'p2', text: 'Same picture again', image: PNG_DATA_URL, imageAlt: '', warning: 'Dots', createdAt: '2025-05-03T00:00:00.000Z', editedAt: '2025-05-04T00:00:00.000Z' },
        // Of its images, only the one the zip holds goes; it will be the post's first.
        { id: 'p3', text: 'Lost picture', image: '', imageAlt: '', warning: '', createdAt: '2025-05-05T00:00:00.000Z', editedAt: null, moreImages: [{ image: PNG_DATA_URL, imageAlt: 'Second' }] },
      ],
      replies: [{ id: 'r1', postId: 'p1', replyToId: null, text: 'Zażółć gęślą jaźń', createdAt: '2025-05-02T01:00:00.000Z' }],
      pinnedPostIds: ['p2'],
      following: ['liam_chen'],
      muting: [],
      blocking: ['zoe_martin'],
      bookmarks: ['x9'],
    });
  });

  it('refuses a file that is not such a zip', () => {
    expect(() => readArchive(strToU8('not a zip at all'))).toThrow(expect.objectContaining({ reason: 'notArchive' }));
    expect(() => readArchive(zipSync({ 'notes.txt': strToU8('hello') }))).toThrow(expect.objectContaining({ reason: 'notArchive' }));
    expect(() => readArchive(zipSync({ 'data.json': strToU8('{"format":1}') }))).toThrow(expect.objectContaining({ reason: 'notArchive' }));
  });
});

describe('an image fetched for the zip', () => {
  const IMAGES = 'http://localhost/media';

  it('is its bytes when it comes, and nothing when it is gone', async () => {
    server.use(
      http.get(`${IMAGES}/here.png`, () => new HttpResponse(PNG, { headers: { 'content-type': 'image/png' } })),
      http.get(`${IMAGES}/gone.png`, () => new HttpResponse(null, { status: 404 })),
    );
    expect(await fetchImageWithin(`${IMAGES}/here.png`)).toEqual(PNG);
    expect(await fetchImageWithin(`${IMAGES}/gone.png`)).toBeUndefined();
  });

  it('is given up once it has not come in time, so the zip goes on without it', async () => {
    server.use(http.get(`${IMAGES}/never.png`, async () => {
      await delay('infinite');
      return new HttpResponse(PNG);
    }));
    const started = Date.now();
    expect(await fetchImageWithin(`${IMAGES}/never.png`, 200)).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });
});
