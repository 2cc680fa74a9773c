import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API_EXTENSIONS } from '../../../../contract/api';
import { postImagesText } from '../../../../contract/messages';
import { DEMO_USER_ID } from '../../../../contract/seed/default';
import { getMockDb, server, useScenario } from '../../../../mocks/testing/node';
import { API, cardWith, findFeed, pngFile, renderHome } from '../../../test/posts';
import { LAKE, LAKE_ALT } from '../../../test/seedTexts';
import { toLocalInput } from '../../scheduledPosts/publishTime';

const FIRST = 'A red kite over the dunes.';
const SECOND = 'Two gulls arguing about a chip.';
const THIRD = 'The pier at low tide.';

/** The composer's text box, once Home has loaded. */
async function openHome() {
  const view = await renderHome();
  return { ...view, textbox: screen.getByRole('textbox', { name: 'New post text' }) };
}

/** Picks `count` images at once, as a member selecting several files does. Each shows once its file is read: wait for the last before using it. */
async function pickImages(user: Awaited<ReturnType<typeof renderHome>>['user'], count: number) {
  await user.upload(screen.getByLabelText('Image file'), Array.from({ length: count }, (_unused, at) => pngFile(`beach-${at + 1}.png`)));
}

/** The descriptions of the composer's images, in the order it shows them. */
function descriptionsShown(): string[] {
  return within(screen.getByRole('list', { name: 'Images to post' })).getAllByRole('textbox').map((box) => (box as HTMLTextAreaElement).value);
}

/** A finger's pointer event on `target` (jsdom has no PointerEvent: a mouse event that says it is a touch). */
function finger(target: Element, type: 'pointerdown' | 'pointermove' | 'pointerup' | 'pointercancel'): void {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: 40, clientY: 40 });
  Object.defineProperties(event, { pointerType: { value: 'touch' }, pointerId: { value: 1 } });
  fireEvent(target, event);
}

/** The alts of a card's images, in the order the card shows them. */
function altsIn(card: HTMLElement): string[] {
  return within(card).getAllByRole('img').filter((image) => image.closest('.post-grid')).map((image) => image.getAttribute('alt') ?? '');
}

/** Gives one of Ava's posts (the member's own) three images: the lake, then two more. */
function threeImagesOnAvasPost(): { id: string; content: string } {
  const post = [...getMockDb().posts.values()].find((record) => record.authorId === DEMO_USER_ID && !record.repostOf && !record.quoteOf);
  if (!post) throw new Error('seed');
  post.postImage = '/images/posts/lake.jpg';
  post.imageAlt = FIRST;
  post.moreImages = [{ url: '/images/posts/lake.jpg', alt: SECOND }, { url: '/images/posts/lake.jpg', alt: '' }];
  return { id: post.id, content: post.content };
}

describe('several images in the composer', () => {
  it('picks three, describes each, reorders them by button and by drag, and the card shows them in that order', async () => {
    const { user, textbox } = await openHome();
    expect(screen.getByLabelText('Image file')).toHaveAttribute('multiple');
    await user.type(textbox, 'A day at the beach');
    await pickImages(user, 3);
    expect(await screen.findByRole('img', { name: 'Preview of image 3' })).toBeInTheDocument();
    expect(screen.getByText('3 of 4 images')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Description of image 1' }), FIRST);
    await user.type(screen.getByRole('textbox', { name: 'Description of image 2' }), SECOND);
    await user.type(screen.getByRole('textbox', { name: 'Description of image 3' }), THIRD);

    // By keyboard: the third goes before the second, and the focus goes with it.
    await user.click(screen.getByRole('button', { name: 'Move image 3 earlier' }));
    expect(descriptionsShown()).toEqual([FIRST, THIRD, SECOND]);
    expect(screen.getByRole('button', { name: 'Move image 2 earlier' })).toHaveFocus();
    expect(screen.getByText('Image 3 moved to position 2.')).toHaveAttribute('role', 'status');
    await user.keyboard('{Enter}');
    expect(descriptionsShown()).toEqual([THIRD, FIRST, SECOND]);
    // At the start it stays where it is, still holding the focus.
    const atStart = screen.getByRole('button', { name: 'Move image 1 earlier' });
    expect(atStart).toHaveFocus();
    expect(atStart).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(descriptionsShown()).toEqual([THIRD, FIRST, SECOND]);

    // By drag: the first thumbnail dropped on the last place.
    const items = within(screen.getByRole('list', { name: 'Images to post' })).getAllByRole('listitem');
    const thumbnail = screen.getByRole('img', { name: 'Preview of image 1' }).parentElement!;
    fireEvent.dragStart(thumbnail);
    fireEvent.dragOver(items[2]!);
    fireEvent.drop(items[2]!);
    expect(descriptionsShown()).toEqual([FIRST, SECOND, THIRD]);
    expect(screen.getByText('Image 1 moved to position 3.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move image 3 earlier' }));
    expect(descriptionsShown()).toEqual([FIRST, THIRD, SECOND]);

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Images to post' })).not.toBeInTheDocument();

    await findFeed('Latest Posts');
    const card = await waitFor(() => cardWith('A day at the beach'));
    expect(altsIn(card)).toEqual([FIRST, THIRD, SECOND]);
    expect(within(card).getAllByRole('button', { name: /^ALT/ })).toHaveLength(3);
    expect(within(card).getByRole('button', { name: 'Open image 3 of 3' })).toBeInTheDocument();
    const stored = [...getMockDb().posts.values()].find((post) => post.content === 'A day at the beach');
    expect([stored?.imageAlt, ...(stored?.moreImages ?? []).map((image) => image.alt)]).toEqual([FIRST, THIRD, SECOND]);
  });

  it('reorders by a finger too: a thumbnail held and moved over another row lands there; a touch called off moves nothing', async () => {
    const { user } = await openHome();
    await pickImages(user, 3);
    // The three files are read one after another: all of them, before the descriptions are typed.
    await screen.findByRole('img', { name: 'Preview of image 3' });
    await user.type(screen.getByRole('textbox', { name: 'Description of image 1' }), FIRST);
    await user.type(screen.getByRole('textbox', { name: 'Description of image 2' }), SECOND);
    await user.type(screen.getByRole('textbox', { name: 'Description of image 3' }), THIRD);
    const items = within(screen.getByRole('list', { name: 'Images to post' })).getAllByRole('listitem');
    const thumbnailOf = (position: number) => screen.getByRole('img', { name: `Preview of image ${position}` }).parentElement!;
    // jsdom lays nothing out (and has no elementFromPoint): the row under the finger is the one the test names.
    let underFinger: Element | null = items[0]!;
    Object.defineProperty(document, 'elementFromPoint', { configurable: true, value: () => underFinger });
    try {
      finger(thumbnailOf(3), 'pointerdown');
      finger(thumbnailOf(3), 'pointermove');
      expect(items[0]).toHaveAttribute('data-drop-target');
      finger(thumbnailOf(3), 'pointerup');
      expect(descriptionsShown()).toEqual([THIRD, FIRST, SECOND]);
      expect(screen.getByText('Image 3 moved to position 1.')).toBeInTheDocument();

      // The browser took the touch back (a scroll, a call): nothing moves.
      underFinger = items[2]!;
      finger(thumbnailOf(1), 'pointerdown');
      finger(thumbnailOf(1), 'pointermove');
      finger(thumbnailOf(1), 'pointercancel');
      expect(descriptionsShown()).toEqual([THIRD, FIRST, SECOND]);
      expect(items[2]).not.toHaveAttribute('data-drop-target');
    } finally {
      delete (document as { elementFromPoint?: unknown }).elementFromPoint;
    }
  });

  it('takes at most four: a fifth picked is refused with a toast naming the limit, and Add image says why it adds no more', async () => {
    const { user } = await openHome();
    await pickImages(user, 3);
    await screen.findByRole('img', { name: 'Preview of image 3' });
    await pickImages(user, 2);

    expect(await screen.findByText('Only the first image you picked was added: a post can have at most 4 images.')).toBeInTheDocument();
    await screen.findByRole('img', { name: 'Preview of image 4' });
    expect(screen.queryByRole('img', { name: 'Preview of image 5' })).not.toBeInTheDocument();
    expect(screen.getByText('4 of 4 images')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add image' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription('A post can have at most 4 images.');

    // One removed: room for one more, and the focus stays among the images.
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    expect(screen.getByRole('button', { name: 'Remove image 2' })).toHaveFocus();
    expect(screen.getByText('3 of 4 images')).toBeInTheDocument();
    expect(add).not.toHaveAttribute('aria-disabled');
  });

  it("follows the backend's own limit from its health answer", async () => {
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: [...API_EXTENSIONS], limits: { imagePixelsMax: 24_000_000, postImagesMax: 2 } })));
    const { user } = await openHome();
    await pickImages(user, 3);
    expect(await screen.findByText('Only the first 2 images you picked were added: a post can have at most 2 images.')).toBeInTheDocument();
    await screen.findByRole('img', { name: 'Preview of image 2' });
    expect(screen.getByText('2 of 2 images')).toBeInTheDocument();
  });

  it('offers one image on a backend with the spec alone: a second pick replaces the first', async () => {
    useScenario('spec-only');
    const { user } = await openHome();
    const input = screen.getByLabelText('Image file');
    expect(input).not.toHaveAttribute('multiple');
    await user.upload(input, pngFile('one.png'));
    await screen.findByRole('img', { name: 'Preview of the image to post' });
    await user.upload(input, pngFile('two.png'));
    await screen.findByRole('img', { name: 'Preview of the image to post' });
    expect(screen.queryByRole('list', { name: 'Images to post' })).not.toBeInTheDocument();
    expect(screen.queryByText(/of \d images/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add image' })).not.toHaveAttribute('aria-disabled');
  });

  it('keeps every image and its description when the post fails, and through a reload', async () => {
    server.use(http.post(`${API}/posts/`, () => HttpResponse.json({ errors: ['Internal Server Error'] }, { status: 500 })));
    const first = await openHome();
    await first.user.type(first.textbox, 'Not lost');
    await pickImages(first.user, 3);
    await screen.findByRole('img', { name: 'Preview of image 3' });
    await first.user.type(screen.getByRole('textbox', { name: 'Description of image 1' }), FIRST);
    await first.user.type(screen.getByRole('textbox', { name: 'Description of image 3' }), THIRD);
    await first.user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText(/^Your post was not sent; it stays in the box\./)).toBeInTheDocument();
    expect(descriptionsShown()).toEqual([FIRST, '', THIRD]);
    expect(first.textbox).toHaveValue('Not lost');
    first.unmount();

    const second = await openHome();
    expect(second.textbox).toHaveValue('Not lost');
    expect(descriptionsShown()).toEqual([FIRST, '', THIRD]);
    expect(screen.getByRole('img', { name: 'Preview of image 3' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
  });

  it('says how many to remove when a kept draft has more images than the backend now takes, and posts once they fit', async () => {
    const first = await openHome();
    await first.user.type(first.textbox, 'Three, then two');
    await pickImages(first.user, 3);
    await screen.findByRole('img', { name: 'Preview of image 3' });
    first.unmount();

    // The backend's limit lowered since: the draft keeps its three, and Post waits for one to go.
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: [...API_EXTENSIONS], limits: { imagePixelsMax: 24_000_000, postImagesMax: 2 } })));
    const second = await openHome();
    expect(await screen.findByText('A post can have at most 2 images here: remove 1 image to post this one.')).toHaveAttribute('role', 'status');
    expect(screen.getByText('3 of 2 images')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
    await second.user.click(screen.getByRole('button', { name: 'Remove image 3' }));
    expect(screen.queryByText(/remove 1 image/)).not.toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
  });

  it("says the backend's refusal of too many images in its number", async () => {
    server.use(http.post(`${API}/posts/`, () => HttpResponse.json({ errors: [postImagesText(6)], code: 'too_many_images' }, { status: 400 })));
    const { user, textbox } = await openHome();
    await user.type(textbox, 'Too many');
    await pickImages(user, 2);
    await screen.findByRole('img', { name: 'Preview of image 2' });
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('A post can have at most 6 images.')).toBeInTheDocument();
    expect(descriptionsShown()).toEqual(['', '']);
  });

  it('with no network, a post waits with all its images, in order', async () => {
    server.use(http.post(`${API}/posts/`, () => HttpResponse.error()));
    const { user, textbox } = await openHome();
    await user.type(textbox, 'Written offline');
    await pickImages(user, 2);
    await user.type(await screen.findByRole('textbox', { name: 'Description of image 2' }), SECOND);
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('No connection: your post will be sent once it is back.')).toBeInTheDocument();
    const waiting = within(screen.getByRole('region', { name: 'Posts waiting to send' })).getByRole('article');
    // After the author's avatar, the post's images in order.
    expect(within(waiting).getAllByRole('img').map((image) => image.getAttribute('alt')).slice(1)).toEqual(['Image 1 of your post', SECOND]);

    server.resetHandlers();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect([...getMockDb().posts.values()].find((post) => post.content === 'Written offline')?.moreImages).toEqual([expect.objectContaining({ alt: SECOND })]));
  });
});

describe('several images in a scheduled post', () => {
  it('keeps them in order, shows them on its card, and its edit changes the second description', async () => {
    const { user, textbox } = await openHome();
    await user.type(textbox, 'Later, with pictures');
    await pickImages(user, 2);
    await user.type(await screen.findByRole('textbox', { name: 'Description of image 2' }), SECOND);
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    fireEvent.change(screen.getByLabelText('Publish at'), { target: { value: toLocalInput(Date.now() + 10 * 60_000) } });
    await user.click(screen.getByRole('button', { name: 'Schedule post' }));
    await user.click(await screen.findByRole('link', { name: 'See scheduled posts' }));

    const list = await screen.findByRole('list', { name: 'Posts waiting to be published' });
    const card = within(list).getByText('Later, with pictures').closest('article')!;
    expect(within(card).getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual(['Image posted by Ava Reed, with no description', SECOND]);

    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit scheduled post' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Description of image 2' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Description of image 2' }), THIRD);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(within(card).getByRole('img', { name: THIRD })).toBeInTheDocument());
    expect([...getMockDb().scheduledPosts.values()].find((post) => post.content === 'Later, with pictures')?.moreImages).toEqual([expect.objectContaining({ alt: THIRD })]);
  });
});

describe("a post's several images", () => {
  it('open a viewer that steps through them by buttons and arrows, closes on Escape, and gives the focus back', async () => {
    const lake = [...getMockDb().posts.values()].find((record) => record.content === LAKE);
    if (!lake) throw new Error('seed');
    lake.moreImages = [{ url: lake.postImage, alt: SECOND }, { url: lake.postImage, alt: '' }];
    const { user } = await renderHome();
    const card = cardWith(LAKE);
    expect(altsIn(card)).toEqual([LAKE_ALT, SECOND, "Image posted by Maya Patel, with no description"]);
    expect(within(card).getByRole('button', { name: "ALT text of Maya Patel's image 2" })).toBeInTheDocument();

    const opener = within(card).getByRole('button', { name: 'Open image 2 of 3' });
    await user.click(opener);
    const viewer = screen.getByRole('dialog', { name: 'Images posted by Maya Patel' });
    expect(within(viewer).getByText('2 of 3')).toBeVisible();
    expect(within(viewer).getByRole('img', { name: SECOND })).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Next' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('3 of 3')).toBeVisible();
    expect(within(viewer).getByText('No description')).toBeVisible();
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('1 of 3')).toBeVisible();
    expect(within(viewer).getByText(LAKE_ALT, { selector: 'figcaption' })).toBeVisible();
    await user.keyboard('{ArrowLeft}');
    expect(within(viewer).getByText('3 of 3')).toBeVisible();
    await user.click(within(viewer).getByRole('button', { name: 'Previous' }));
    expect(within(viewer).getByText('2 of 3')).toBeVisible();
    // The feed's shortcuts wait while it is open: j moves nothing.
    await user.keyboard('j');
    expect(screen.getByRole('dialog', { name: 'Images posted by Maya Patel' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    await user.click(within(card).getByRole('button', { name: 'Open image 3 of 3' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(card).getByRole('button', { name: 'Open image 3 of 3' })).toHaveFocus();
  });

  it('hide behind a content warning, all of them, as one image does', async () => {
    const lake = [...getMockDb().posts.values()].find((record) => record.content === LAKE);
    if (!lake) throw new Error('seed');
    lake.moreImages = [{ url: lake.postImage, alt: SECOND }];
    lake.warning = 'Water';
    const { user } = await renderHome();
    const card = screen.getByText('Water').closest('article')!;
    expect(within(card).queryByRole('img', { name: SECOND })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Open image/ })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Show more' }));
    expect(within(card).getByRole('img', { name: SECOND })).toBeVisible();
    expect(within(card).getByRole('img', { name: LAKE_ALT })).toBeVisible();
  });

  it("an edit changes the second image's description", async () => {
    const { content } = threeImagesOnAvasPost();
    const { user } = await renderHome('/explore');
    const card = await waitFor(() => cardWith(content));
    await user.click(within(card).getByRole('button', { name: 'Edit post' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Image 2 of the post' })).toBeInTheDocument();
    const second = within(dialog).getByRole('textbox', { name: 'Description of image 2' });
    expect(second).toHaveValue(SECOND);
    await user.clear(second);
    await user.type(second, 'Two gulls, one chip.');
    await user.click(within(dialog).getByRole('button', { name: 'Update Post' }));

    expect(await screen.findByText('Post Edited Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(altsIn(cardWith(content))).toEqual([FIRST, 'Two gulls, one chip.', 'Image posted by Ava Reed, with no description']));
  });
});
