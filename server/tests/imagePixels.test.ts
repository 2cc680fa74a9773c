/**
 * The pixel limit as a setting (IMAGE_PIXELS_MAX): a server set below the default refuses an image
 * over its own limit with a message that names it, takes one at the limit, holds avatars to it too,
 * and says the limit in /api/health for the app to check a picked image against.
 */
import type { HealthResponse } from '../../contract/api';
import { LIMITS } from '../../contract/limits';
import { ERROR_CODES, imagePixelsText, MESSAGES } from '../../contract/messages';
import { drawablePng } from '../../contract/tests/imageFixtures';
import { seededWithDemoToken, startTestServer, type TestServer } from '../testing/serverTarget';

const PIXELS_MAX = 2048 * 2048;

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ kind: 'pglite', imagePixelsMax: PIXELS_MAX });
  token = await seededWithDemoToken(server);
}, 60_000);

afterAll(async () => {
  await server.close();
});

function png(width: number, height: number): string {
  return `data:image/png;base64,${Buffer.from(drawablePng(width, height)).toString('base64')}`;
}

async function send(method: 'POST', path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const answer = await fetch(`${server.baseUrl}/api${path}`, { method, headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify(body) });
  return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
}

describe('IMAGE_PIXELS_MAX set to 2048 x 2048', () => {
  it('says its limit in /api/health', async () => {
    const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as HealthResponse;
    expect(health.limits).toEqual({ imagePixelsMax: PIXELS_MAX, postImagesMax: LIMITS.postImagesMax });
  });

  it('refuses a post with an image of 2049 x 2048, under the default, naming its own limit; nothing is stored', async () => {
    const before = (await server.store.snapshot()).posts.length;
    const refused = await send('POST', '/posts', { postData: { text: 'A wide one', image: png(2049, 2048) } });
    expect(refused).toEqual({ status: 400, json: { errors: ['Images can be at most 4,194,304 pixels (2048 x 2048).'], code: ERROR_CODES.imageTooManyPixels } });
    expect(imagePixelsText(PIXELS_MAX)).not.toBe(MESSAGES.imageTooManyPixels);
    expect((await server.store.snapshot()).posts).toHaveLength(before);
  });

  it('takes a post with an image of exactly 2048 x 2048', async () => {
    const taken = await send('POST', '/posts', { postData: { text: 'At the limit', image: png(2048, 2048) } });
    expect(taken.status).toBe(201);
  });

  it('holds an uploaded avatar to the same limit', async () => {
    const refused = await send('POST', '/users/edit', { userData: { avatar: png(2048, 2049) } });
    expect(refused).toEqual({ status: 400, json: { errors: [imagePixelsText(PIXELS_MAX)], code: ERROR_CODES.imageTooManyPixels } });
  });
});
