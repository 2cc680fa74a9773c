/**
 * Image sizes (the `image-sizes` extension): a post's uploaded image answers its size as kept and
 * its smaller copies, the same in every list, through an edit and in the stored network; a post
 * without an image, or with an animation, has no copies.
 */
import { createHash } from 'node:crypto';
import type { HealthResponse, Post, PostResponse, PostsResponse } from '../api';
import { copyWidthsFor } from '../images';
import { readUploadedImage, uploadedImage } from '../validation';
import { drawablePng, GIF_PARTS, join } from './imageFixtures';
import { callAs, db, expectHealthy, target } from './support';

function dataUrlOf(bytes: Uint8Array, type: string): string {
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}

async function newPost(postData: Record<string, unknown>): Promise<Post> {
  const created = await callAs<PostsResponse>('demo_user', 'POST', '/posts', { postData });
  expect(created.status).toBe(201);
  const newest = created.json.posts[0];
  if (!newest) throw new Error('no post was answered');
  return newest;
}

/** The sizes the target answers for `dataUrl` posted: the size kept and the copies it draws, at the URLs it names them by. */
async function expectedSizes(dataUrl: string): Promise<Post['imageSizes']> {
  const kept = await target().images.prepare(readUploadedImage(dataUrl), 'imageInvalid', true);
  const sha = createHash('sha256').update(kept.image.bytes).digest('hex');
  return {
    width: 1000,
    height: 600,
    sources: kept.smaller.map((copy) => ({
      url: target().traits.imageUrl === 'data-url' ? uploadedImage(copy.image).dataUrl : `/media/${sha}-${copy.width}.webp`,
      width: copy.width,
    })),
  };
}

describe('image sizes', () => {
  it("lists the 'image-sizes' extension", async () => {
    const extensions = (await callAs<HealthResponse>('demo_user', 'GET', '/health')).json.extensions;
    expect(extensions).toEqual(expect.arrayContaining(['image-sizes']));
  });

  it("answers an uploaded image's width, height and copies with the post, in lists, after an edit, and keeps them", async () => {
    const photo = dataUrlOf(drawablePng(1000, 600), 'image/png');
    const post = await newPost({ text: 'A wide view', image: photo });
    const sizes = await expectedSizes(photo);
    expect(post.imageSizes).toEqual(sizes);
    // The server draws the copies narrower than the image, 480 and 960 of 1,000; the stand-in in
    // Node has no canvas to draw them with (in a browser it draws the same).
    expect(sizes!.sources.map((source) => source.width)).toEqual(target().traits.imageUrl === 'media' ? copyWidthsFor(1000) : []);

    const alone = await callAs<PostResponse>('demo_user', 'GET', `/posts/${post.id}`);
    const listed = (await callAs<PostsResponse>('demo_user', 'GET', '/posts')).json.posts.find((item) => item.id === post.id);
    const edited = await callAs<PostsResponse>('demo_user', 'POST', `/posts/edit/${post.id}`, { postData: { text: 'A wide view, edited' } });
    const afterEdit = edited.json.posts.find((item) => item.id === post.id);
    expect([alone.json.post.imageSizes, listed?.imageSizes, afterEdit?.content, afterEdit?.imageSizes]).toEqual([sizes, sizes, 'A wide view, edited', sizes]);
    expect((await db()).post(post.id)).toMatchObject({ imageSizes: sizes });
    await expectHealthy(post);
  });

  it('answers no sizes for a post without an image, and a size with no copies for an animation', async () => {
    expect((await newPost({ text: 'Words alone' })).imageSizes).toBeUndefined();
    const gif = join(GIF_PARTS.header, GIF_PARTS.looping, GIF_PARTS.frame, [0x3b]);
    expect((await newPost({ text: 'It moves', image: dataUrlOf(gif, 'image/gif') })).imageSizes).toEqual({ width: 1, height: 1, sources: [] });
  });
});
