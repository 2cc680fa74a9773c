import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { DEMO_CREDENTIALS, DEMO_USER_ID, SEED_USER_IDS, seedPostId } from '../../contract/seed/default';
import { getMockDb } from '../../mocks/testing/node';
import { cardWith, findFeed, renderHome } from '../test/posts';
import { renderWithProviders } from '../test/renderWithProviders';
import { COFFEE, FOREST, GOLDEN } from '../test/seedTexts';

type User = ReturnType<typeof userEvent.setup>;

/** Deletes the post or reply in `card` as a keyboard member would: Delete, then Delete in the window. */
async function deleteFrom(user: User, card: HTMLElement, what: 'post' | 'reply') {
  await user.click(within(card).getByRole('button', { name: `Delete ${what}` }));
  await user.click(within(screen.getByRole('dialog', { name: `Delete this ${what}?` })).getByRole('button', { name: 'Delete' }));
}

/** The demo member's replies to Maya's lake post, oldest first. */
function arrangeOwnReplies(texts: string[]) {
  texts.forEach((content, index) => {
    getMockDb().replies.set(`r-own-${index}`, {
      id: `r-own-${index}`, postId: seedPostId(2), authorId: DEMO_USER_ID, content, replyToId: null, replyToAuthorId: null, likedBy: [],
      createdAt: new Date(Date.UTC(2025, 5, 2, 9, index)).toISOString(),
    });
  });
}

function replyCard(text: string): HTMLElement {
  const card = within(screen.getByRole('list', { name: 'Replies' })).getByText(text).closest('article');
  if (!card) throw new Error(`No reply shows "${text}"`);
  return card;
}

describe('focus after something leaves a list never falls to the page', () => {
  it('a post deleted from Home: focus goes to the next post of the feed', async () => {
    const { user } = await renderHome();
    const next = cardWith(GOLDEN);
    await deleteFrom(user, cardWith(COFFEE), 'post');

    expect(await screen.findByText('Post Deleted Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(COFFEE)).not.toBeInTheDocument());
    await waitFor(() => expect(next).toHaveFocus());
    expect(document.activeElement).toHaveRole('article');
    expect(document.activeElement).toHaveAccessibleName('Liam Chen');
  });

  it("the last post of a profile deleted: focus goes to the one before it; the only one left: to the list's empty text", async () => {
    const { user } = await renderWithProviders({ route: `/users/${SEED_USER_IDS.ava}`, authAs: DEMO_CREDENTIALS });
    const feed = await findFeed('Posts by Ava Reed');
    expect(within(feed).getAllByRole('article')).toHaveLength(2);

    await deleteFrom(user, cardWith(FOREST), 'post');
    await waitFor(() => expect(screen.queryByText(FOREST)).not.toBeInTheDocument());
    await waitFor(() => expect(cardWith(COFFEE)).toHaveFocus());

    await deleteFrom(user, cardWith(COFFEE), 'post');
    const empty = await screen.findByText('No Posts Found...!');
    await waitFor(() => expect(empty).toHaveFocus());
  });

  it("a reply deleted: focus goes to the next reply, then the one before the last, then the replies' empty text", async () => {
    arrangeOwnReplies(['First of mine', 'Second of mine', 'Third of mine']);
    const { user } = await renderWithProviders({ route: `/posts/${seedPostId(2)}`, authAs: DEMO_CREDENTIALS });
    await screen.findByText('Third of mine', undefined, { timeout: 10_000 });

    await deleteFrom(user, replyCard('First of mine'), 'reply');
    await waitFor(() => expect(screen.queryByText('First of mine')).not.toBeInTheDocument());
    await waitFor(() => expect(replyCard('Second of mine')).toHaveFocus());

    await deleteFrom(user, replyCard('Third of mine'), 'reply');
    await waitFor(() => expect(screen.queryByText('Third of mine')).not.toBeInTheDocument());
    await waitFor(() => expect(replyCard('Second of mine')).toHaveFocus());

    await deleteFrom(user, replyCard('Second of mine'), 'reply');
    const empty = await screen.findByText('No replies yet. Start the conversation!');
    await waitFor(() => expect(empty).toHaveFocus());
  });

  it('Unmute in the settings list: focus goes to the next member’s Unmute, then to the empty list’s text', async () => {
    const me = getMockDb().users.get(DEMO_USER_ID);
    if (!me) throw new Error('seed');
    me.muting = [SEED_USER_IDS.noah, SEED_USER_IDS.zoe];
    const { user } = await renderWithProviders({ route: '/settings/muted-and-blocked', authAs: DEMO_CREDENTIALS });
    const muted = await screen.findByRole('list', { name: 'Muted members' }, { timeout: 10_000 });
    const [first, second] = within(muted).getAllByRole('button', { name: /^Unmute / });
    const secondName = second!.getAttribute('aria-label')!;

    await user.click(first!);
    await waitFor(() => expect(within(muted).getAllByRole('button', { name: /^Unmute / })).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: secondName })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: secondName }));
    const empty = await screen.findByText('You have not muted anyone.');
    await waitFor(() => expect(empty).toHaveFocus());
  });
});
