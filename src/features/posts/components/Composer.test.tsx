import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { MESSAGES } from '../../../../contract/messages';
import { pngBytes } from '../../../../contract/tests/fixtures';
import { plainJpeg } from '../../../../contract/tests/imageFixtures';
import { server, useScenario } from '../../../../mocks/testing/node';
import { DEMO_CREDENTIALS } from '../../../../contract/seed/default';
import { TIMINGS } from '../../../config/timings';
import { currentPath, renderWithProviders } from '../../../test/renderWithProviders';
import { API, articlesOf, contentsOf, findFeed, pngFile, recordCalls, renderHome } from '../../../test/posts';
import { getMockDb } from '../../../../mocks/testing/node';
import { API_EXTENSIONS } from '../../../../contract/api';
import { NETWORK_MESSAGE } from '../../../lib/apiError';
import { answerFirstWith, loseAnswers } from '../../../test/lostAnswers';
import { activateLanguage } from '../../../i18n/i18n';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** How many posts the stand-in stores with this text. */
function storedWith(text: string): number {
  return [...getMockDb().posts.values()].filter((post) => post.content === text).length;
}

async function openHome() {
  const view = await renderHome();
  const textbox = screen.getByRole('textbox', { name: 'New post text' });
  return { ...view, textbox };
}

/** The home feed shows `text` first: the post just made; the feed, for more checks. */
async function expectFirstInFeed(text: string, timeout?: number): Promise<HTMLElement> {
  const feed = await findFeed('Latest Posts');
  await waitFor(() => expect(contentsOf(feed)[0]).toBe(text), timeout === undefined ? undefined : { timeout });
  return feed;
}

afterEach(() => {
  jest.useRealTimers();
});

describe('Composer', () => {
  it('shares a text post: toast, draft cleared, the post first in the feed', async () => {
    const { user, textbox } = await openHome();
    expect(textbox).toHaveAttribute('placeholder', 'Write Something Interesting...!');

    await user.type(textbox, 'Trying out the new composer');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
    expect(textbox).toHaveValue('');
    await expectFirstInFeed('Trying out the new composer');
  });

  it.each([
    ['Ctrl+Enter', '{Control>}{Enter}{/Control}'],
    ['Cmd+Enter', '{Meta>}{Enter}{/Meta}'],
  ])('posts from the text box with %s, Enter alone starting a new line; focus stays in the text box', async (_keys, press) => {
    const { user, textbox } = await openHome();
    await user.type(textbox, 'First line{Enter}second line');
    expect(textbox).toHaveValue('First line\nsecond line');
    await user.keyboard(press);

    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
    expect(textbox).toHaveValue('');
    expect(textbox).toHaveFocus();
    await expectFirstInFeed('First line\nsecond line');
  });

  it('after Post is pressed with the keyboard, focus goes back to the text box, never to the page', async () => {
    const { user, textbox } = await openHome();
    await user.type(textbox, 'Sent from the keyboard');
    // The image's button, the content warning's, Schedule, then Post.
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add a content warning' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Schedule' })).toHaveFocus();
    await user.tab();
    const post = screen.getByRole('button', { name: 'Post' });
    expect(post).toHaveFocus();
    await user.keyboard('{Enter}');
    // While the post is on its way, the button keeps focus (busy, not disabled).
    expect(document.activeElement).not.toBe(document.body);

    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
    expect(textbox).toHaveFocus();
  });

  it('lets text written right to left show right to left, as it is typed', async () => {
    const { textbox } = await openHome();
    expect(textbox).toHaveAttribute('dir', 'auto');
  });

  it('keeps the draft, text and image, through a reload, and forgets it once the post is made', async () => {
    const first = await openHome();
    await first.user.type(first.textbox, 'Half-written thought');
    await first.user.upload(screen.getByLabelText('Image file'), pngFile());
    await screen.findByRole('img', { name: 'Preview of the image to post' });
    first.unmount();

    // The page loads again (a reload): the draft is where the member left it.
    const second = await openHome();
    expect(second.textbox).toHaveValue('Half-written thought');
    expect(screen.getByRole('img', { name: 'Preview of the image to post' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    await second.user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
    second.unmount();

    const third = await openHome();
    expect(third.textbox).toHaveValue('');
    expect(screen.queryByRole('img', { name: 'Preview of the image to post' })).not.toBeInTheDocument();
  });

  it('keeps what the member types before their own record has arrived (just after a reload), and posts it', async () => {
    let release: () => void = () => undefined;
    const recordHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The member's record is slow to come: the composer is there, their avatar not yet.
    server.use(
      http.get(`${API}/users/:userId`, async () => {
        await recordHeld;
        return undefined;
      }),
    );
    const { user, router } = await renderWithProviders({ route: '/createpost', reloadedAs: DEMO_CREDENTIALS });
    const textbox = await screen.findByRole('textbox', { name: 'New post text' });
    expect(screen.queryByRole('img', { name: "Ava Reed's avatar" })).not.toBeInTheDocument();
    await user.type(textbox, 'Typed before my record came');

    act(() => release());
    expect(await screen.findByRole('img', { name: "Ava Reed's avatar" })).toBeInTheDocument();
    expect(textbox).toHaveValue('Typed before my record came');

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it('keeps the text of a draft when its image is too large for the browser to keep', async () => {
    const first = await openHome();
    await first.user.type(first.textbox, 'Text survives');
    await first.user.upload(screen.getByLabelText('Image file'), pngFile());
    await screen.findByRole('img', { name: 'Preview of the image to post' });
    const keep = Storage.prototype.setItem;
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (value.includes('data:image')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      keep.call(this, key, value);
    });
    await first.user.type(first.textbox, '!');
    setItem.mockRestore();
    first.unmount();

    const second = await openHome();
    expect(second.textbox).toHaveValue('Text survives!');
    expect(screen.queryByRole('img', { name: 'Preview of the image to post' })).not.toBeInTheDocument();
  });

  it('shows progress on Post while a slow backend answers', async () => {
    const { user, textbox } = await openHome();
    // The label shows from 600 ms until the answer: a window wide enough for a busy machine to see.
    useScenario('slow', { slowDelayMs: 4000 });
    await user.type(textbox, 'Patience');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('button', { name: 'Posting…' }, { timeout: 3500 })).toHaveAttribute('aria-disabled', 'true');
    expect(await screen.findByText('New Post Created Successfully!', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeInTheDocument();
  });

  it('attaches an image with a preview, removes it, and posts with one', async () => {
    const { user, textbox } = await openHome();
    expect(screen.getByRole('button', { name: 'Add image' })).toHaveAccessibleDescription('Photos of any size; GIFs up to 2 MB.');
    const fileInput = screen.getByLabelText('Image file');
    expect(fileInput).toHaveAttribute('accept', 'image/*');

    await user.upload(fileInput, pngFile());
    const preview = await screen.findByRole('img', { name: 'Preview of the image to post' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('img', { name: 'Preview of the image to post' })).not.toBeInTheDocument();

    await user.upload(fileInput, pngFile());
    await screen.findByRole('img', { name: 'Preview of the image to post' });
    await user.type(textbox, 'With a picture');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Preview of the image to post' })).not.toBeInTheDocument();
    const feed = await expectFirstInFeed('With a picture');
    const first = articlesOf(feed)[0]!;
    expect(within(first).getByRole('img', { name: 'Image posted by Ava Reed, with no description' }).getAttribute('src')).toMatch(/^data:image\/png/);
  });

  it('posts an image alone', async () => {
    const { user } = await openHome();
    await user.upload(screen.getByLabelText('Image file'), pngFile());
    await screen.findByRole('img', { name: 'Preview of the image to post' });
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
  });

  it.each([
    ['an SVG', () => new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' }), 'Please choose an image file (JPG, PNG, GIF or WebP).'],
    ['a text file named .png', () => new File(['just some notes'], 'notes.png', { type: 'image/png' }), 'Please choose an image file (JPG, PNG, GIF or WebP).'],
    ['a 5 MB image', () => new File([pngBytes(800, 600, 5 * 1024 * 1024)], 'big.png', { type: 'image/png' }), 'This image is too large. Please choose one under 2 MB.'],
    ['a small file claiming 5000 x 5000 pixels', () => new File([pngBytes(5000, 5000)], 'bomb.png', { type: 'image/png' }), MESSAGES.imageTooManyPixels],
    ['a photo cut off before its end', () => new File([plainJpeg().slice(0, -100)], 'cut.jpg', { type: 'image/jpeg' }), MESSAGES.imageCutOff],
  ])('refuses %s when it is chosen, with one clear message and no preview, every time', async (_what, makeFile, message) => {
    await openHome();
    const fileInput = screen.getByLabelText('Image file');
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      fireEvent.change(fileInput, { target: { files: [makeFile()] } });
      await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(attempt));
      expect(screen.queryByRole('img', { name: 'Preview of the image to post' })).not.toBeInTheDocument();
    }
  });

  it('speaks German: its names, hints, toasts and the refusal of an image, with the numbers as German writes them', async () => {
    await activateLanguage('de');
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: [...API_EXTENSIONS], limits: { imagePixelsMax: 24_000_000 } })));
    const { user } = await renderHome();
    const form = screen.getByRole('form', { name: 'Beitrag erstellen' });
    const textbox = within(form).getByRole('textbox', { name: 'Text des neuen Beitrags' });
    expect(textbox).toHaveAttribute('placeholder', 'Schreib etwas Interessantes …!');
    expect(within(form).getByRole('button', { name: 'Bild hinzufügen' })).toHaveAccessibleDescription('Fotos jeder Größe; GIFs bis 2 MB.');

    // A square limit names its side; this one has none, and its number is grouped as German groups it.
    fireEvent.change(within(form).getByLabelText('Bilddatei'), { target: { files: [new File([pngBytes(5000, 5000)], 'bomb.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Bilder dürfen höchstens 24.000.000 Pixel haben.')).toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('Bilddatei'), { target: { files: [pngFile()] } });
    expect(await within(form).findByRole('img', { name: 'Vorschau des Bildes für den Beitrag' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Bildbeschreibung' })).toHaveAccessibleDescription(expect.stringContaining('Noch keine Beschreibung'));
    await user.click(within(form).getByRole('button', { name: 'Bild entfernen' }));
    await user.type(textbox, 'Auf Deutsch');
    await user.click(within(form).getByRole('button', { name: 'Posten' }));
    expect(await screen.findByText('Neuer Beitrag erfolgreich erstellt!')).toBeInTheDocument();
  });

  it("holds a picked image to the backend's own pixel limit, from its health answer, and names that limit", async () => {
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: [...API_EXTENSIONS], limits: { imagePixelsMax: 2048 * 2048 } })));
    await openHome();
    const fileInput = screen.getByLabelText('Image file');
    fireEvent.change(fileInput, { target: { files: [new File([pngBytes(2049, 2048)], 'wide.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Images can be at most 4,194,304 pixels (2048 x 2048).')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Preview of the image to post' })).not.toBeInTheDocument();

    fireEvent.change(fileInput, { target: { files: [new File([pngBytes(2048, 2048)], 'square.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('img', { name: 'Preview of the image to post' })).toBeInTheDocument();
  });

  it('says it is preparing a picked image, Post waits for it, and a second choice is never replaced by a slower first', async () => {
    const { user, textbox } = await openHome();
    // The first file's bytes arrive late, as a large photo's do while it is made smaller.
    const slow = new File([pngBytes(1, 1, 5000)], 'slow.png', { type: 'image/png' });
    const read = FileReader.prototype.readAsArrayBuffer;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const spy = jest.spyOn(FileReader.prototype, 'readAsArrayBuffer').mockImplementation(function (this: FileReader, blob: Blob) {
      if (blob.size === slow.size) void held.then(() => read.call(this, blob));
      else read.call(this, blob);
    });
    try {
      await user.type(textbox, 'The harbour at noon');
      fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [slow] } });
      expect(await screen.findByText('Preparing the image…')).toHaveAttribute('role', 'status');
      expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Add image' })).toHaveAttribute('aria-busy', 'true');

      // The member picks another: it shows, and the first, answered later, does not take its place.
      fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [pngFile('quick.png')] } });
      const preview = await screen.findByRole('img', { name: 'Preview of the image to post' });
      const quickSource = preview.getAttribute('src');
      expect(screen.queryByText('Preparing the image…')).not.toBeInTheDocument();
      release();
      await act(() => delay(50));
      expect(screen.getByRole('img', { name: 'Preview of the image to post' })).toHaveAttribute('src', quickSource);
      expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();
      expect(textbox).toHaveValue('The harbour at noon');
    } finally {
      release();
      spy.mockRestore();
    }
  });

  it('says an image could not be read', async () => {
    const { user } = await openHome();
    const spy = jest.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (this: FileReader) {
      this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>);
    });
    await user.upload(screen.getByLabelText('Image file'), pngFile());
    expect(await screen.findByText('This image could not be read. Please choose another one.')).toBeInTheDocument();
    spy.mockRestore();
  });

  it("an empty post shows 'Can't Post Empty Thoughts!' after the delay and sends nothing", async () => {
    const { textbox } = await openHome();
    jest.useFakeTimers({ advanceTimers: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { calls, stop } = recordCalls();

    await user.type(textbox, '   ');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await act(() => jest.advanceTimersByTimeAsync(TIMINGS.emptyPostMessageMs - 100));
    expect(screen.queryByText("Can't Post Empty Thoughts!")).not.toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(200));
    expect(await screen.findByText("Can't Post Empty Thoughts!")).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
    stop();
  });

  it('keeps the text and the image when the backend refuses the post (4xx toast)', async () => {
    const { user, textbox } = await openHome();
    server.use(http.post(`${API}/posts/`, () => HttpResponse.json({ errors: ['A post can be at most 500 characters long.'] }, { status: 400 })));

    await user.upload(screen.getByLabelText('Image file'), pngFile());
    await screen.findByRole('img', { name: 'Preview of the image to post' });
    await user.type(textbox, 'Please do not lose me');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('A post can be at most 500 characters long.')).toBeInTheDocument();
    expect(textbox).toHaveValue('Please do not lose me');
    expect(screen.getByRole('img', { name: 'Preview of the image to post' })).toBeInTheDocument();
    expect(screen.queryByText('New Post Created Successfully!')).not.toBeInTheDocument();
  });

  it.each([
    ['a server error (500)', () => server.use(http.post(`${API}/posts/`, () => HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 }))), MESSAGES.serverError],
    ['a backend that cannot write (503, the read-only scenario)', () => useScenario('read-only'), MESSAGES.serviceUnavailable],
  ])('after %s the member stays on the page, the post stays in the composer, and a toast says so', async (_failure, fail, why) => {
    const { user, textbox, router } = await openHome();
    fail();
    await user.upload(screen.getByLabelText('Image file'), pngFile());
    await screen.findByRole('img', { name: 'Preview of the image to post' });
    await user.type(textbox, 'Server trouble');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText(`Your post was not sent; it stays in the box. ${why}`)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
    expect(textbox).toHaveValue('Server trouble');
    expect(screen.getByRole('img', { name: 'Preview of the image to post' })).toBeInTheDocument();
    expect(screen.queryByText('New Post Created Successfully!')).not.toBeInTheDocument();
    expect(storedWith('Server trouble')).toBe(0);

    server.resetHandlers();
    // Ready again once its button says Post, not Posting…
    await user.click(await screen.findByRole('button', { name: 'Post' }));
    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
    await expectFirstInFeed('Server trouble');
  });

  it('with no network, the post waits above the feed with its image, and the composer is free for the next', async () => {
    const { user, textbox, router } = await openHome();
    server.use(http.post(`${API}/posts/`, () => HttpResponse.error()));
    await user.upload(screen.getByLabelText('Image file'), pngFile());
    await screen.findByRole('img', { name: 'Preview of the image to post' });
    await user.type(textbox, 'Written in a tunnel');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('No connection: your post will be sent once it is back.')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
    expect(textbox).toHaveValue('');
    expect(screen.queryByRole('img', { name: 'Preview of the image to post' })).not.toBeInTheDocument();
    const waiting = within(screen.getByRole('region', { name: 'Posts waiting to send' })).getByRole('article');
    expect(waiting).toHaveTextContent('Written in a tunnel');
    expect(within(waiting).getByRole('img', { name: 'The image of your post' })).toBeInTheDocument();
    expect(screen.queryByText(`Your post was not sent; it stays in the box. ${NETWORK_MESSAGE}`)).not.toBeInTheDocument();
    expect(storedWith('Written in a tunnel')).toBe(0);

    server.resetHandlers();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await expectFirstInFeed('Written in a tunnel');
    expect(storedWith('Written in a tunnel')).toBe(1);
  });

  it('counts the characters left and refuses a post over 500', async () => {
    const { user, textbox } = await openHome();
    expect(screen.getByText('500 characters left')).toBeInTheDocument();
    await user.type(textbox, '👍🏽 hi');
    expect(screen.getByText('496 characters left')).toBeInTheDocument();

    await user.clear(textbox);
    await user.click(textbox);
    await user.paste('a'.repeat(501));
    const counter = screen.getByText('1 character over the limit');
    expect(counter).toHaveClass('char-count--over');
    expect(counter).toHaveAttribute('aria-live', 'polite');
    expect(textbox).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();

    await user.type(textbox, '{Backspace}{Backspace}');
    expect(screen.getByText('1 character left')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();
  });
});

describe('Create post page', () => {
  it('posts, then goes home where the new post is first', async () => {
    const { user, router } = await renderWithProviders({ route: '/createpost', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { name: 'Create Post' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('SocialConnect | Create Post'));
    expect(screen.queryByRole('feed')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'New post text' }), 'From the create page');
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    await expectFirstInFeed('From the create page');
  });
});


/** Types `text` and presses Post while its answers are lost (loseAnswers): the toast says so, and Home stays. */
async function postAndLoseIt({ user, textbox, router }: Pick<Awaited<ReturnType<typeof openHome>>, 'user' | 'textbox' | 'router'>, text: string) {
  await user.type(textbox, text);
  await user.click(screen.getByRole('button', { name: 'Post' }));
  expect(await screen.findByText(`Your post was not sent; it stays in the box. ${NETWORK_MESSAGE}`)).toBeInTheDocument();
  expect(currentPath(router)).toBe('/');
}
describe('Composer: a post whose answer is lost', () => {
  it.each([
    ['the connection is reset', 'Posted through a flaky network', () => loseAnswers('/posts', '/posts/', 1), NETWORK_MESSAGE],
    ['a balancer answers 502 after it was stored', 'Stored before the 502', () => answerFirstWith('/posts', '/posts/', 'badGateway', 1), MESSAGES.badGateway],
    ['a balancer answers 503 after it was stored', 'Stored before the 503', () => answerFirstWith('/posts', '/posts/', 'serviceUnavailable', 1), MESSAGES.serviceUnavailable],
  ])('sends it once more with the same key when %s: one post shows, and no error', async (_how, text, loseFirstAnswer, failure) => {
    const { user, textbox, router } = await openHome();
    const lost = loseFirstAnswer();

    await user.type(textbox, text);
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
    expect(textbox).toHaveValue('');
    const feed = await expectFirstInFeed(text);
    expect(contentsOf(feed).filter((shown) => shown === text)).toHaveLength(1);
    expect(storedWith(text)).toBe(1);
    expect(lost.keys).toHaveLength(2);
    expect(lost.keys[0]).toMatch(UUID);
    expect(lost.keys[1]).toBe(lost.keys[0]);
    expect(screen.queryByText(failure)).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
  });

  it('when the second try is lost too, the post waits and is sent again with the same key: still one post', async () => {
    const { user, textbox, router } = await openHome();
    const lost = loseAnswers('/posts', '/posts/', 2);

    await user.type(textbox, 'Twice unlucky');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('No connection: your post will be sent once it is back.')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
    expect(textbox).toHaveValue('');

    // Sent from the outbox once the backend answers (its reconnect checks): the stand-in has it already.
    const feed = await expectFirstInFeed('Twice unlucky', 15_000);
    expect(contentsOf(feed).filter((text) => text === 'Twice unlucky')).toHaveLength(1);
    expect(storedWith('Twice unlucky')).toBe(1);
    expect(lost.keys.length).toBeGreaterThanOrEqual(3);
    expect(new Set(lost.keys)).toEqual(new Set([lost.keys[0]]));
  });

  it('gives the next draft a new key after a success', async () => {
    const { user, textbox } = await openHome();
    const lost = loseAnswers('/posts', '/posts/', 0);
    await user.type(textbox, 'First of two');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
    await user.type(textbox, 'Second of two');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(storedWith('Second of two')).toBe(1));
    expect(lost.keys).toHaveLength(2);
    expect(lost.keys[1]).not.toBe(lost.keys[0]);
  });

  it('after the backend says the key stood for an earlier text, the draft stays and goes out with a new key', async () => {
    const { user, textbox } = await openHome();
    const keys: string[] = [];
    let refused = false;
    server.use(http.post(`${API}/posts/`, ({ request }) => {
      keys.push(request.headers.get('idempotency-key') ?? '');
      if (refused) return undefined;
      refused = true;
      return HttpResponse.json({ errors: [MESSAGES.idempotencyKeyReused], code: 'idempotency_key_reused' }, { status: 422 });
    }));
    await user.type(textbox, 'After the edit');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(MESSAGES.idempotencyKeyReused)).toBeInTheDocument();
    expect(textbox).toHaveValue('After the edit');

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('New Post Created Successfully!')).toBeInTheDocument();
    expect(storedWith('After the edit')).toBe(1);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('does not send it again to a backend without the idempotency extension: one call, and the draft stays with a toast', async () => {
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: API_EXTENSIONS.filter((name) => name !== 'idempotency') })));
    const { user, textbox, router } = await openHome();
    const lost = loseAnswers('/posts', '/posts/', 2);
    await postAndLoseIt({ user, textbox, router }, 'Only once');
    expect(textbox).toHaveValue('Only once');
    expect(lost.keys).toHaveLength(1);
    expect(storedWith('Only once')).toBe(1);
  });
});
