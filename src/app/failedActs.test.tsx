import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MESSAGES } from '../../contract/messages';
import { DEMO_CREDENTIALS, DEMO_USER_ID, SEED_USER_IDS, seedPostId } from '../../contract/seed/default';
import { getMockDb, server, useScenario } from '../../mocks/testing/node';
import { NETWORK_MESSAGE } from '../lib/apiError';
import { API, cardWith, renderHome } from '../test/posts';
import { currentPath, renderWithProviders } from '../test/renderWithProviders';
import { COFFEE, GOLDEN, LAKE } from '../test/seedTexts';
import { connectionText } from '../features/live/connectionTexts';
import { activateLanguage } from '../i18n/i18n';

/** A backend that answers every read and refuses every change with 503 (QA's `read-only` scenario). */
const READ_ONLY = MESSAGES.serviceUnavailable;

const header = (name: string) => screen.getByRole('region', { name });

/** The like button of a card, as a member finds it: by its count and whether it is pressed. */
function likeOf(card: HTMLElement, count: number, pressed: boolean) {
  return within(card).getByRole('button', { name: `Like, ${count} ${count === 1 ? 'like' : 'likes'}`, pressed });
}

describe("a member's act the backend cannot take keeps them where they are", () => {
  it.each([
    ['cannot write (503, the read-only scenario)', () => useScenario('read-only'), READ_ONLY],
    ['fails (500)', () => server.use(http.post(`${API}/posts/like/:postId`, () => HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 }))), MESSAGES.serverError],
  ])('a like when the backend %s: undone in place, with a toast, on the same page', async (_how, fail, why) => {
    fail();
    const { user, router } = await renderHome();
    await user.click(likeOf(cardWith(LAKE), 2, false));

    expect(await screen.findByText(`Your like was not saved. ${why}`)).toBeInTheDocument();
    await waitFor(() => expect(likeOf(cardWith(LAKE), 2, false)).toBeInTheDocument());
    expect(currentPath(router)).toBe('/');
    expect(screen.getByRole('feed', { name: 'Latest Posts' })).toBeInTheDocument();
    expect(getMockDb().posts.get(seedPostId(2))?.likedBy).not.toContain(DEMO_USER_ID);
  });

  it('says what did not happen and why in the member\'s language: a 503 by its code, a 429 with its wait counted in Polish', async () => {
    await activateLanguage('pl');
    useScenario('read-only');
    const { user } = await renderHome();
    await user.click(within(cardWith(LAKE)).getByRole('button', { name: 'Polub, 2 polubienia', pressed: false }));
    const toast = await screen.findByText('Polubienie nie zostało zapisane. Usługa jest teraz niedostępna. Spróbuj ponownie za chwilę.');
    // The toasts' own region and close button speak it too.
    expect(screen.getByRole('region', { name: 'Powiadomienia Alt+T' })).toContainElement(toast);
    const card = toast.closest<HTMLElement>('.Toastify__toast')!;
    await user.click(within(card).getByRole('button', { name: 'Zamknij komunikat' }));
    // It leaves (its way out is an animation, which jsdom never ends).
    await waitFor(() => expect(card).toHaveAttribute('data-in', 'false'));

    server.use(http.post(`${API}/posts/like/:postId`, () => HttpResponse.json(
      { errors: ['Too many requests. Try again later.'], code: 'too_many_requests' },
      { status: 429, headers: { 'Retry-After': '250' } },
    )));
    await user.click(await within(cardWith(LAKE)).findByRole('button', { name: 'Polub, 2 polubienia', pressed: false }));
    expect(await screen.findByText('Zbyt wiele żądań. Spróbuj ponownie za 5 minut.')).toBeInTheDocument();
  });

  it('a like taken back (dislike) when the backend cannot write: the heart stays full', async () => {
    useScenario('read-only');
    const { user, router } = await renderHome();
    await user.click(likeOf(cardWith(GOLDEN), 2, true));

    expect(await screen.findByText(`Your dislike was not saved. ${READ_ONLY}`)).toBeInTheDocument();
    await waitFor(() => expect(likeOf(cardWith(GOLDEN), 2, true)).toBeInTheDocument());
    expect(currentPath(router)).toBe('/');
  });

  it('a bookmark when the backend cannot write: unmarked again, with a toast', async () => {
    useScenario('read-only');
    const { user, router } = await renderHome();
    await user.click(within(cardWith(LAKE)).getByRole('button', { name: 'Bookmark', pressed: false }));

    expect(await screen.findByText(`The post was not bookmarked. ${READ_ONLY}`)).toBeInTheDocument();
    await waitFor(() => expect(within(cardWith(LAKE)).getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'false'));
    expect(currentPath(router)).toBe('/');
  });

  it('a delete when the backend cannot write: the post stays, with a toast', async () => {
    useScenario('read-only');
    const { user, router } = await renderHome();
    await user.click(within(cardWith(COFFEE)).getByRole('button', { name: 'Delete post' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this post?' })).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(`The post was not deleted. ${READ_ONLY}`)).toBeInTheDocument();
    expect(screen.getByText(COFFEE)).toBeInTheDocument();
    expect(screen.queryByText('Post Deleted Successfully!')).not.toBeInTheDocument();
    expect(currentPath(router)).toBe('/');
  });

  it('a follow when the backend cannot write: Follow again, with a toast, on the profile', async () => {
    useScenario('read-only');
    const { user, router } = await renderWithProviders({ route: `/users/${SEED_USER_IDS.noah}`, authAs: DEMO_CREDENTIALS });
    await user.click(await within(await screen.findByRole('region', { name: 'Noah Kim' })).findByRole('button', { name: 'Follow Noah Kim' }));

    expect(await screen.findByText(`Your follow was not saved. ${READ_ONLY}`)).toBeInTheDocument();
    // The toast comes with the failed call; the button goes back once the follow's own undo has run.
    expect(await within(header('Noah Kim')).findByRole('button', { name: 'Follow Noah Kim' })).toBeInTheDocument();
    expect(currentPath(router)).toBe(`/users/${SEED_USER_IDS.noah}`);
  });

  it.each([
    ['Mute', (): HTMLElement | undefined => undefined],
    ['Block', (): HTMLElement | undefined => within(screen.getByRole('dialog', { name: 'Block Liam Chen?' })).getByRole('button', { name: 'Block' })],
  ] as const)('%s when the backend cannot write: nothing changes, with a toast, on the profile', async (verb, confirm) => {
    useScenario('read-only');
    const { user, router } = await renderWithProviders({ route: `/users/${SEED_USER_IDS.liam}`, authAs: DEMO_CREDENTIALS });
    await user.click(await within(await screen.findByRole('region', { name: 'Liam Chen' })).findByRole('button', { name: `${verb} Liam Chen` }));
    const confirmButton = confirm();
    if (confirmButton) await user.click(confirmButton);

    expect(await screen.findByText(`Your mute or block was not changed. ${READ_ONLY}`)).toBeInTheDocument();
    expect(await within(header('Liam Chen')).findByRole('button', { name: `${verb} Liam Chen` })).toBeInTheDocument();
    expect(screen.getByRole('feed', { name: 'Posts by Liam Chen' })).toBeInTheDocument();
    expect(currentPath(router)).toBe(`/users/${SEED_USER_IDS.liam}`);
  });

  it('a reply when the backend cannot write: the text stays in the box, with a toast', async () => {
    useScenario('read-only');
    const { user, router } = await renderWithProviders({ route: `/posts/${seedPostId(5)}`, authAs: DEMO_CREDENTIALS });
    const box = await screen.findByRole('textbox', { name: 'Your reply' }, { timeout: 10_000 });
    await user.type(box, 'Not lost');
    await user.click(screen.getByRole('button', { name: 'Reply' }));

    expect(await screen.findByText(`Your reply was not sent; it stays in the box. ${READ_ONLY}`)).toBeInTheDocument();
    expect(box).toHaveValue('Not lost');
    expect(currentPath(router)).toBe(`/posts/${seedPostId(5)}`);
  });

  it('a reply deleted when the backend cannot write: the reply stays, with a toast', async () => {
    useScenario('read-only');
    getMockDb().replies.set('r-mine', { id: 'r-mine', postId: seedPostId(2), authorId: DEMO_USER_ID, content: 'Mine to keep', replyToId: null, replyToAuthorId: null, likedBy: [], createdAt: '2025-06-02T09:00:00.000Z' });
    const { user, router } = await renderWithProviders({ route: `/posts/${seedPostId(2)}`, authAs: DEMO_CREDENTIALS });
    const reply = (await screen.findByText('Mine to keep', undefined, { timeout: 10_000 })).closest('article')!;
    await user.click(within(reply).getByRole('button', { name: 'Delete reply' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this reply?' })).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(`The reply was not deleted. ${READ_ONLY}`)).toBeInTheDocument();
    expect(screen.getByText('Mine to keep')).toBeInTheDocument();
    expect(currentPath(router)).toBe(`/posts/${seedPostId(2)}`);
  });

  it('a like that found no backend waits to be sent, says the app is reconnecting, and goes once it answers', async () => {
    const { user } = await renderHome();
    server.use(http.all(`${API}/*`, () => HttpResponse.error()));
    await user.click(likeOf(cardWith(LAKE), 2, false));

    expect(await within(cardWith(LAKE)).findByText('Waiting to send')).toBeInTheDocument();
    expect(likeOf(cardWith(LAKE), 3, true)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(connectionText('unreachable'))).toBeInTheDocument());
    expect(screen.queryByText(`Your like was not saved. ${NETWORK_MESSAGE}`)).not.toBeInTheDocument();

    server.resetHandlers();
    await waitFor(() => expect(screen.queryByText(connectionText('unreachable'))).not.toBeInTheDocument(), { timeout: 8000 });
    await waitFor(() => expect(within(cardWith(LAKE)).queryByText('Waiting to send')).not.toBeInTheDocument());
    expect(getMockDb().posts.get(seedPostId(2))?.likedBy).toContain(DEMO_USER_ID);
  });
});
