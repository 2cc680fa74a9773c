import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { getMockDb, server, TEST_API_BASE } from '../../../../mocks/testing/node';
import { MESSAGES } from '../../../../contract/messages';
import { DEMO_CREDENTIALS, DEMO_USER_ID, seedPostId } from '../../../../contract/seed/default';
import type { ReplyCreated } from '../../../../contract/api';
import { arrangedReplies } from '../../../../contract/tests/fixtures';
import { currentPath, renderWithProviders } from '../../../test/renderWithProviders';
import { elsewhere } from '../../../test/elsewhere';

/** Ava's (demo_user's) forest walk, and Maya's lake at dusk. */
const AVAS_POST = seedPostId(5);
const LAKE_POST = seedPostId(2);

/** `count` replies to a post in the stand-in's store, one a minute (ids r-test-000 on); `mine` are demo_user's. */
function arrangeReplies(postId: string, count: number, mine: readonly number[] = []): void {
  arrangedReplies(postId, count, 'test').forEach((reply, index) => {
    getMockDb().replies.set(reply.id, mine.includes(index + 1) ? { ...reply, authorId: DEMO_USER_ID } : reply);
  });
}

function repliesList(): HTMLElement {
  return screen.getByRole('list', { name: 'Replies' });
}

/**
 * The replies' texts in the order shown. `hidden: true` spares the accessibility check of every card on
 * each poll (the list is on screen, and reading 60 cards' styles each time made the test slow).
 */
function contentsShown(): string[] {
  return within(repliesList()).getAllByRole('article', { hidden: true }).map((card) => card.querySelector('.reply-card__content')?.textContent ?? '');
}

function numbered(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, index) => `Reply number ${from + index}`);
}

/** The entry of /notifications that says `text`. */
async function notificationEntry(text: RegExp): Promise<HTMLElement> {
  const list = await screen.findByRole('list', { name: 'Notifications' }, { timeout: 10_000 });
  return within(list).getByRole('link', { name: text });
}

describe('A notification about a reply lands on that reply', () => {
  it('a like of a reply deep in a long conversation: its page loads, the reply is in view, focused and current, and earlier replies come on request', async () => {
    arrangeReplies(AVAS_POST, 60, [45]);
    await elsewhere('liam_chen', 'POST', '/replies/like/r-test-044');
    const { user, router } = await renderWithProviders({ route: '/notifications', authAs: DEMO_CREDENTIALS });
    const entry = await notificationEntry(/^New: Liam Chen liked your reply/);
    expect(entry).toHaveAttribute('href', `/posts/${AVAS_POST}#reply-r-test-044`);

    await user.click(entry);
    await waitFor(() => expect(`${currentPath(router)}${router.state.location.hash}`).toBe(`/posts/${AVAS_POST}#reply-r-test-044`));
    const landed = await screen.findByRole('article', { current: true }, { timeout: 10_000 });
    expect(landed).toHaveTextContent('Reply number 45');
    expect(landed).toHaveAccessibleName('Ava Reed');
    await waitFor(() => expect(landed).toHaveFocus());
    // The page that begins with it, not the first 20 replies; the post is still there above.
    expect(contentsShown()).toEqual(numbered(45, 60));
    expect(screen.getByText('60 replies')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Ava Reed', current: false })).toHaveTextContent('Starting the week with a walk');

    await user.click(screen.getByRole('button', { name: 'Show earlier replies' }));
    await waitFor(() => expect(contentsShown()).toEqual(numbered(25, 60)));
    await waitFor(() => expect(within(repliesList()).getAllByRole('article')[0]).toHaveFocus());
    expect(screen.getByRole('article', { current: true })).toHaveTextContent('Reply number 45');
    await user.click(screen.getByRole('button', { name: 'Show earlier replies' }));
    await waitFor(() => expect(contentsShown()).toEqual(numbered(5, 60)));
    await user.click(screen.getByRole('button', { name: 'Show earlier replies' }));
    await waitFor(() => expect(contentsShown()).toEqual(numbered(1, 60)));
    expect(screen.queryByRole('button', { name: 'Show earlier replies' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more replies' })).not.toBeInTheDocument();
  });

  it('a reply to the post and a mention in a reply each lead to their reply', async () => {
    const written = await elsewhere<ReplyCreated>('noah_kim', 'POST', `/posts/${AVAS_POST}/replies`, { replyData: { text: 'What a trail! Where is it?' } });
    const mention = await elsewhere<ReplyCreated>('maya_patel', 'POST', `/posts/${LAKE_POST}/replies`, { replyData: { text: 'You would love this, @demo_user' } });
    const { user, router } = await renderWithProviders({ route: '/notifications', authAs: DEMO_CREDENTIALS });

    await user.click(await notificationEntry(/^New: Noah Kim replied to your post/));
    await waitFor(() => expect(router.state.location.hash).toBe(`#reply-${written.reply.id}`));
    expect(await screen.findByRole('article', { current: true }, { timeout: 10_000 })).toHaveTextContent('What a trail! Where is it?');

    await user.click(await screen.findByRole('link', { name: /^Notifications/ }));
    await user.click(await notificationEntry(/Maya Patel mentioned you in a reply/));
    await waitFor(() => expect(currentPath(router)).toBe(`/posts/${LAKE_POST}`));
    const landed = await screen.findByRole('article', { current: true }, { timeout: 10_000 });
    expect(landed).toHaveTextContent('You would love this, @demo_user');
    expect(landed).toHaveAttribute('id', `reply-${mention.reply.id}`);
    await waitFor(() => expect(landed).toHaveFocus());
  });

  it('a reply deleted since: the page says so kindly and shows the post and its replies', async () => {
    arrangeReplies(AVAS_POST, 3);
    const written = await elsewhere<ReplyCreated>('noah_kim', 'POST', `/posts/${AVAS_POST}/replies`, { replyData: { text: 'Second thoughts' } });
    const { user, router } = await renderWithProviders({ route: '/notifications', authAs: DEMO_CREDENTIALS });
    const entry = await notificationEntry(/^New: Noah Kim replied to your post/);
    // Gone while the list that names it is open.
    await elsewhere('noah_kim', 'DELETE', `/replies/${written.reply.id}`);

    await user.click(entry);
    expect(await screen.findByText('The reply you were looking for is no longer here: it was deleted. Here is the post and its replies.', undefined, { timeout: 10_000 })).toHaveAttribute('role', 'status');
    expect(currentPath(router)).toBe(`/posts/${AVAS_POST}`);
    expect(screen.getByRole('article', { name: 'Ava Reed' })).toHaveTextContent('Starting the week with a walk');
    await waitFor(() => expect(contentsShown()).toEqual(numbered(1, 3)));
    expect(screen.queryByRole('article', { current: true })).not.toBeInTheDocument();
    // Nobody is told of a refusal the page already explains.
    expect(screen.queryByText(MESSAGES.replyNotFound)).not.toBeInTheDocument();
  });

  it('a page that cannot load goes to the error page, as any page does', async () => {
    arrangeReplies(AVAS_POST, 3);
    server.use(http.get(`${TEST_API_BASE}/posts/:postId/replies`, () => HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 })));
    const { router } = await renderWithProviders({ route: `/posts/${AVAS_POST}#reply-r-test-001`, authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { name: "It's not you, It's us..!" }, { timeout: 10_000 })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/error');
  });

  it('another refusal of the list is said where the replies would be', async () => {
    server.use(http.get(`${TEST_API_BASE}/posts/:postId/replies`, () => HttpResponse.json({ errors: [MESSAGES.tooManyRequests] }, { status: 429 })));
    await renderWithProviders({ route: `/posts/${AVAS_POST}#reply-r-test-001`, authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(MESSAGES.tooManyRequests);
    expect(screen.getByRole('article', { name: 'Ava Reed' })).toBeInTheDocument();
  });

  it('against a backend without reply-links: lands on the reply when the first page holds it', async () => {
    server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: ['pages', 'feed', 'return-minimal', 'events', 'replies', 'notifications'] })));
    arrangeReplies(AVAS_POST, 5);
    await renderWithProviders({ route: `/posts/${AVAS_POST}#reply-r-test-003`, authAs: DEMO_CREDENTIALS });
    const landed = await screen.findByRole('article', { current: true }, { timeout: 10_000 });
    expect(landed).toHaveTextContent('Reply number 4');
    await waitFor(() => expect(landed).toHaveFocus());
    expect(contentsShown()).toEqual(numbered(1, 5));
    expect(screen.queryByRole('button', { name: 'Show earlier replies' })).not.toBeInTheDocument();
  });
});
