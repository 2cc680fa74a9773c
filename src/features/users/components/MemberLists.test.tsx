import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API_EXTENSIONS } from '../../../../contract/api';
import { DEMO_CREDENTIALS, SEED_USER_IDS, seedPostId } from '../../../../contract/seed/default';
import { getMockDb, server } from '../../../../mocks/testing/node';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { API } from '../../../test/posts';
import { activateLanguage } from '../../../i18n/i18n';

async function openProfile(userId: string) {
  const view = await renderWithProviders({ route: `/users/${userId}`, authAs: DEMO_CREDENTIALS });
  await screen.findByRole('heading', { level: 1, name: /Reed|Chen|Patel|Kim|Martin/ }, { timeout: 10_000 });
  return view;
}

const connections = () => screen.getByRole('list', { name: 'Connections' });

/** Thirty more members who follow Liam, so his list takes two pages. */
function crowdFollowsLiam(): void {
  const db = getMockDb();
  const liam = db.users.get(SEED_USER_IDS.liam);
  if (!liam) throw new Error('Liam is missing from the stand-in');
  for (let index = 0; index < 30; index += 1) {
    const id = `u-fan-${index}`;
    db.users.set(id, {
      id, firstName: 'Fan', lastName: `Number ${index}`, username: `fan_${index}`, password: 'welcome123', image: '', userBio: '', userPortfolioUrl: '',
      followers: [], following: [liam.id], bookmarks: [], createdAt: '2025-05-01T09:00:00.000Z', updatedAt: '2025-05-01T09:00:00.000Z',
    });
    liam.followers.push(id);
  }
}

describe('follower and following lists on a profile', () => {
  it("opens a member's followers from the count, latest first, with Follow and Unfollow on each", async () => {
    const { user } = await openProfile(SEED_USER_IDS.maya);
    await user.click(await within(connections()).findByRole('button', { name: '3 Followers' }));

    const dialog = screen.getByRole('dialog', { name: 'Followers' });
    const list = await within(dialog).findByRole('list', { name: 'Followers' });
    const names = within(list).getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual(['Zoe Martin@zoe_martin', 'Liam Chen@liam_chen', 'Ava Reed@demo_user']);
    // The member herself has no button; the others say whether she follows them.
    expect(within(list).getByRole('button', { name: 'Follow Zoe Martin' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Unfollow Liam Chen' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Ava Reed/ })).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Follow Zoe Martin' }));
    expect(await screen.findByText('You started following Zoe Martin')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Unfollow Zoe Martin' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Followers' })).not.toBeInTheDocument();
    expect(within(connections()).getByRole('button', { name: '3 Followers' })).toHaveFocus();
  });

  it('speaks Polish: the list, its Follow and Unfollow, and their toasts', async () => {
    await activateLanguage('pl');
    const { user } = await openProfile(SEED_USER_IDS.maya);
    const counts = screen.getByRole('list', { name: 'Powiązania' });
    await user.click(await within(counts).findByRole('button', { name: '3 obserwujących' }));
    const list = await within(screen.getByRole('dialog', { name: 'Obserwujący' })).findByRole('list', { name: 'Obserwujący' });
    await user.click(within(list).getByRole('button', { name: 'Obserwuj: Zoe Martin' }));
    expect(await screen.findByText('Obserwujesz teraz: Zoe Martin')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Przestań obserwować: Zoe Martin' }));
    expect(await screen.findByText('Nie obserwujesz już: Zoe Martin')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Obserwuj: Zoe Martin' })).toHaveTextContent('Obserwuj');
  });

  it('opens whom a member follows, and a name there opens that profile', async () => {
    const { user } = await openProfile(SEED_USER_IDS.noah);
    await user.click(await within(connections()).findByRole('button', { name: '2 Following' }));
    const list = await within(screen.getByRole('dialog', { name: 'Following' })).findByRole('list', { name: 'Following' });
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['Zoe Martin@zoe_martin', 'Liam Chen@liam_chen']);

    await user.click(within(list).getByRole('link', { name: /Zoe Martin/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Zoe Martin' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('pages a long list with Show more, focus moving to the first member of the new page', async () => {
    crowdFollowsLiam();
    const { user } = await openProfile(SEED_USER_IDS.liam);
    await user.click(await within(connections()).findByRole('button', { name: '32 Followers' }));
    const dialog = screen.getByRole('dialog', { name: 'Followers' });
    const list = await within(dialog).findByRole('list', { name: 'Followers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent('Fan Number 29');

    await user.click(within(dialog).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(32));
    await waitFor(() => expect(within(list).getAllByRole('link')[20]).toHaveFocus());
    expect(within(list).getAllByRole('link').at(-1)).toHaveTextContent('Ava Reed');
    expect(within(dialog).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says when a member has no followers yet', async () => {
    const db = getMockDb();
    const zoe = db.users.get(SEED_USER_IDS.zoe);
    if (!zoe) throw new Error('Zoe is missing');
    for (const followerId of zoe.followers) {
      const follower = db.users.get(followerId);
      if (follower) follower.following = follower.following.filter((id) => id !== zoe.id);
    }
    zoe.followers = [];
    const { user } = await openProfile(SEED_USER_IDS.zoe);
    await user.click(await within(connections()).findByRole('button', { name: '0 Followers' }));
    expect(await within(screen.getByRole('dialog', { name: 'Followers' })).findByText('No followers yet.')).toBeInTheDocument();
  });

  it('says when the list could not load, and loads it on Try again', async () => {
    let fail = true;
    server.use(http.get(`${API}/users/:userId/followers`, () => (fail ? HttpResponse.json({ errors: ['Something went wrong on our side. Please try again later.'] }, { status: 500 }) : undefined)));
    const { user } = await openProfile(SEED_USER_IDS.maya);
    await user.click(await within(connections()).findByRole('button', { name: '3 Followers' }));
    const dialog = screen.getByRole('dialog', { name: 'Followers' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This list could not load.');
    expect(screen.getByText('The list could not load. Something went wrong on our side. Please try again later.')).toBeInTheDocument();

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('list', { name: 'Followers' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the counts as plain text to a backend without the lists', async () => {
    server.use(http.get(`${API}/health`, () => HttpResponse.json({ status: 'ok', extensions: API_EXTENSIONS.filter((name) => name !== 'member-lists') })));
    await openProfile(SEED_USER_IDS.maya);
    await waitFor(() => expect(within(connections()).getByText('3 Followers')).toBeInTheDocument());
    expect(within(connections()).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('who likes a post', () => {
  it("opens from the like count on the post's page, latest like first", async () => {
    const { user } = await renderWithProviders({ route: `/posts/${seedPostId(1)}`, authAs: DEMO_CREDENTIALS });
    await user.click(await screen.findByRole('button', { name: '3 likes: who likes this post' }, { timeout: 10_000 }));
    const list = await within(screen.getByRole('dialog', { name: 'Liked by' })).findByRole('list', { name: 'Liked by' });
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['Zoe Martin@zoe_martin', 'Maya Patel@maya_patel', 'Ava Reed@demo_user']);
    expect(within(list).getByRole('button', { name: 'Follow Zoe Martin' })).toBeInTheDocument();
  });

  it('says nobody likes a post yet', async () => {
    const { user } = await renderWithProviders({ route: `/posts/${seedPostId(8)}`, authAs: DEMO_CREDENTIALS });
    await user.click(await screen.findByRole('button', { name: '0 likes: who likes this post' }, { timeout: 10_000 }));
    expect(await within(screen.getByRole('dialog', { name: 'Liked by' })).findByText('Nobody likes this post yet.')).toBeInTheDocument();
  });
});
