import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { getMockDb, server, TEST_API_BASE, useScenario } from '../../../../mocks/testing/node';
import { MESSAGES } from '../../../../contract/messages';
import { DEMO_CREDENTIALS, SEED_USER_IDS } from '../../../../contract/seed/default';
import { makeStore } from '../../../app/store';
import { TIMINGS } from '../../../config/timings';
import { loginThroughApi, renderWithProviders, topBar } from '../../../test/renderWithProviders';
import { userLoggedIn } from '../../auth/sessionSlice';
import { loaderShown, selectShowLoader } from '../../ui/uiSlice';
import { usersApi } from '../usersApi';
import { MEMBERS_KEPT_MS } from '../../../lib/api/specAdapter';
import { SidePanel } from './SidePanel';
import { selectCurrentMember } from '../currentMember';
import { expectNameToStartWithShownText } from '../../../test/labelInName';
import { activateLanguage } from '../../../i18n/i18n';

const panel = () => screen.getByRole('complementary', { name: 'People' });
const whoToFollow = () => within(panel()).getByRole('region', { name: 'Who to follow?' });

async function openAsDemo(route = `/users/${SEED_USER_IDS.ava}`) {
  const view = await renderWithProviders({ route, authAs: DEMO_CREDENTIALS });
  await within(await screen.findByRole('complementary', { name: 'People' })).findByRole('link', { name: /Noah Kim/ });
  return view;
}

describe('side panel: people search', () => {
  it('lists members whose first or last name matches, with a link and Follow/Unfollow, or "No User Found"', async () => {
    const { user } = await openAsDemo();
    const search = within(panel()).getByRole('searchbox', { name: 'Search People' });
    expect(search).toHaveAttribute('placeholder', 'Search People...');
    expect(within(panel()).queryByRole('list', { name: 'People found' })).not.toBeInTheDocument();

    await user.type(search, 'MA');
    const results = await within(panel()).findByRole('list', { name: 'People found' });
    await waitFor(() => expect(within(results).getAllByRole('listitem')).toHaveLength(2));
    const rows = within(results).getAllByRole('listitem');
    // Maya Patel (first name) and Zoe Martin (last name).
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Maya Patel@maya_patel', 'Zoe Martin@zoe_martin']);
    expect(within(results).getByRole('link', { name: /Maya Patel/ })).toHaveAttribute('href', `/users/${SEED_USER_IDS.maya}`);
    expect(within(results).getByRole('button', { name: 'Unfollow Maya Patel' })).toBeInTheDocument();
    expect(within(results).getByRole('button', { name: 'Follow Zoe Martin' })).toBeInTheDocument();
    expect(within(panel()).getByRole('status')).toHaveTextContent('2 people found');

    await user.clear(search);
    await user.type(search, 'xyz');
    expect(await within(panel()).findByText('No User Found')).toBeInTheDocument();
    expect(within(panel()).queryByRole('list', { name: 'People found' })).not.toBeInTheDocument();

    // Escape clears the search.
    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    expect(within(panel()).queryByText('No User Found')).not.toBeInTheDocument();
  });

  it('asks once for a name typed in one go, not once a letter', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/users/search')) asked.push(url.searchParams.get('q') ?? '');
    });
    try {
      const { user } = await openAsDemo();
      await user.type(within(panel()).getByRole('searchbox', { name: 'Search People' }), 'maya');
      const results = await within(panel()).findByRole('list', { name: 'People found' });
      expect(within(results).getAllByRole('link').map((link) => link.textContent)).toEqual(['Maya Patel@maya_patel']);
      expect(asked).toEqual(['maya']);
    } finally {
      server.events.removeAllListeners();
    }
  });

  it('on a backend of the spec alone, finds a member who joined since its last look a minute later, without a reload', async () => {
    useScenario('spec-only');
    const { user } = await openAsDemo();
    const search = within(panel()).getByRole('searchbox', { name: 'Search People' });
    const found = async () => within(await within(panel()).findByRole('list', { name: 'People found' })).getAllByRole('link').map((link) => link.textContent);
    await user.type(search, 'ma');
    await waitFor(async () => expect(await found()).toEqual(['Maya Patel@maya_patel', 'Zoe Martin@zoe_martin']));

    const { users } = getMockDb();
    const zoe = users.get(SEED_USER_IDS.zoe)!;
    users.set('u-mason', { ...zoe, id: 'u-mason', username: 'mason_lee', firstName: 'Mason', lastName: 'Lee', followers: [], following: [] });
    // At once, the search looks in the members it has.
    await user.type(search, 's');
    expect(await within(panel()).findByText('No User Found')).toBeInTheDocument();

    // A minute on, it asks for them again.
    const realNow = Date.now.bind(Date);
    const later = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + MEMBERS_KEPT_MS);
    try {
      await user.type(search, 'o');
      await waitFor(async () => expect(await found()).toEqual(['Mason Lee@mason_lee']));
    } finally {
      later.mockRestore();
    }
  });

  it('says a search that failed could not load, keeps the words typed, and Try again finds the people', async () => {
    let failing = true;
    server.use(http.get(`${TEST_API_BASE}/users/search`, () => (failing ? HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 }) : undefined)));
    const { user } = await openAsDemo();
    const search = within(panel()).getByRole('searchbox', { name: 'Search People' });
    await user.type(search, 'ma');
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('People could not load.');
    // Not "nobody is called that": the search did not happen.
    expect(within(panel()).queryByText('No User Found')).not.toBeInTheDocument();
    expect(search).toHaveValue('ma');

    failing = false;
    await user.click(within(panel()).getByRole('button', { name: 'Try again' }));
    // Back in the field, to carry on typing.
    expect(search).toHaveFocus();
    const results = await within(panel()).findByRole('list', { name: 'People found' });
    expect(within(results).getAllByRole('link').map((link) => link.textContent)).toEqual(['Maya Patel@maya_patel', 'Zoe Martin@zoe_martin']);
    expect(within(panel()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("names each member's link by what it shows, the name and @username, without the avatar (label in name)", async () => {
    await openAsDemo();
    const link = within(whoToFollow()).getByRole('link', { name: /Noah Kim/ });
    expect(link).toHaveAccessibleName('Noah Kim @noah_kim');
    expectNameToStartWithShownText(link);
    expect(link.querySelector('img')).toHaveAttribute('alt', '');
  });

  it('does not offer to follow oneself', async () => {
    const { user } = await openAsDemo();
    await user.type(within(panel()).getByRole('searchbox', { name: 'Search People' }), 'ava');
    const results = await within(panel()).findByRole('list', { name: 'People found' });
    expect(await within(results).findByRole('link', { name: /Ava Reed/ })).toBeInTheDocument();
    expect(within(results).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is reachable by keyboard, and the top bar search closes its list when a profile is opened', async () => {
    const { user, router } = await openAsDemo();
    const top = topBar();
    const search = within(top).getByRole('searchbox', { name: 'Search People' });
    await user.click(search);
    await user.type(search, 'zoe');
    await within(top).findByRole('link', { name: /Zoe Martin/ });
    await user.tab();
    expect(within(top).getByRole('link', { name: /Zoe Martin/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${SEED_USER_IDS.zoe}`));
    expect(search).toHaveValue('');
    expect(within(top).queryByRole('list', { name: 'People found' })).not.toBeInTheDocument();
  });

  it('moves through the people found with the arrows, and Escape from a result clears the search back to the field', async () => {
    const { user } = await openAsDemo();
    const top = topBar();
    const search = within(top).getByRole('searchbox', { name: 'Search People' });
    await user.click(search);
    // Several members' names hold an "a": the list as shown.
    await user.type(search, 'a');
    const found = await within(top).findByRole('list', { name: 'People found' });
    await waitFor(() => expect(within(found).getAllByRole('link').length).toBeGreaterThan(1));
    const names = within(found).getAllByRole('link');

    await user.keyboard('{ArrowDown}');
    expect(names[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(names[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(search).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(names[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(within(top).queryByRole('list', { name: 'People found' })).not.toBeInTheDocument();
  });
});

describe('side panel: who to follow', () => {
  it('follows a member: toast with the name, the entry stays with Unfollow, and both profiles count it', async () => {
    const { user, router, store } = await openAsDemo();
    const list = within(whoToFollow()).getByRole('list');
    const names = () => within(list).getAllByRole('listitem').map((row) => within(row).getByRole('link').textContent);
    expect(names()).toEqual(['Noah Kim@noah_kim', 'Zoe Martin@zoe_martin']);
    const header = screen.getByRole('region', { name: 'Ava Reed' });
    expect(within(header).getByText('2 Following')).toBeInTheDocument();

    const follow = within(whoToFollow()).getByRole('button', { name: 'Follow Noah Kim' });
    await user.click(follow);
    expect(await screen.findByText('You started following Noah Kim')).toBeInTheDocument();
    // Nothing moved: Noah's entry is where it was, its button now offers Unfollow and keeps focus.
    expect(names()).toEqual(['Noah Kim@noah_kim', 'Zoe Martin@zoe_martin']);
    expect(follow).toHaveAccessibleName('Unfollow Noah Kim');
    expect(follow).toHaveTextContent('Unfollow');
    expect(follow).toHaveFocus();
    // The screen follows the store within a frame (RTK Query's cache changes notify in batches).
    expect(await within(header).findByText('3 Following')).toBeInTheDocument();
    // The session member follows Noah now (the home feed is built from it).
    expect(selectCurrentMember(store.getState())?.following.map((entry) => entry._id)).toContain(SEED_USER_IDS.noah);

    await user.type(within(panel()).getByRole('searchbox', { name: 'Search People' }), 'noah');
    await user.click(await within(await within(panel()).findByRole('list', { name: 'People found' })).findByRole('link', { name: /Noah Kim/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${SEED_USER_IDS.noah}`));
    const noah = await screen.findByRole('region', { name: 'Noah Kim' });
    expect(within(noah).getByText('3 Followers')).toBeInTheDocument();
    expect(within(noah).getByRole('button', { name: 'Unfollow Noah Kim' })).toBeInTheDocument();
  });

  it('a double click on Follow follows that one member, and the second click does not undo it', async () => {
    const { user } = await openAsDemo();
    await user.dblClick(within(whoToFollow()).getByRole('button', { name: 'Follow Noah Kim' }));
    expect(await screen.findByText('You started following Noah Kim')).toBeInTheDocument();
    expect(within(whoToFollow()).getByRole('button', { name: 'Unfollow Noah Kim' })).toBeInTheDocument();
    expect(within(whoToFollow()).getByRole('button', { name: 'Follow Zoe Martin' })).toBeInTheDocument();
    expect(screen.queryByText('You Unfollowed Noah Kim')).not.toBeInTheDocument();
    const following = getMockDb().users.get(SEED_USER_IDS.ava)?.following;
    expect(following).toContain(SEED_USER_IDS.noah);
    expect(following).not.toContain(SEED_USER_IDS.zoe);
  });

  it('shows a handful of people at first, and more on request, focus on the first one added', async () => {
    useScenario('busy');
    const { user } = await renderWithProviders({ route: '/bookmark', authAs: DEMO_CREDENTIALS });
    const section = within(await screen.findByRole('complementary', { name: 'People' })).getByRole('region', { name: 'Who to follow?' });
    const list = await within(section).findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(section).getByText('5 of 174 people')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Show more people' }));
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(10);
    expect(within(rows[5]!).getByRole('link')).toHaveFocus();
    expect(within(section).getByText('10 of 174 people')).toBeInTheDocument();
  });

  it("speaks the member's language: its landmarks, heading, button and count", async () => {
    useScenario('busy');
    await activateLanguage('pl');
    const { user } = await renderWithProviders({ route: '/bookmark', authAs: DEMO_CREDENTIALS });
    const section = within(await screen.findByRole('complementary', { name: 'Osoby' })).getByRole('region', { name: 'Kogo obserwować?' });
    await within(section).findByRole('list');
    // Polish counts people as "many" (osób) from five.
    expect(within(section).getByText('5 z 174 osób')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Pokaż więcej osób' }));
    expect(within(section).getByText('10 z 174 osób')).toBeInTheDocument();
  });

  it('leaves the people followed since out the next time the list loads', async () => {
    const { user, store } = await openAsDemo();
    await user.click(within(whoToFollow()).getByRole('button', { name: 'Follow Noah Kim' }));
    await screen.findByText('You started following Noah Kim');
    await act(async () => {
      await store.dispatch(usersApi.endpoints.getSuggestions.initiate(undefined, { forceRefetch: true }));
    });
    await waitFor(() => expect(within(whoToFollow()).queryByRole('link', { name: /Noah Kim/ })).not.toBeInTheDocument());
    expect(within(whoToFollow()).getByRole('link', { name: /Zoe Martin/ })).toBeInTheDocument();
  });

  it('unfollows a member from search: error-style toast; they join "Who to follow?" when it next loads', async () => {
    const { user, store } = await openAsDemo();
    await user.type(within(panel()).getByRole('searchbox', { name: 'Search People' }), 'liam');
    await user.click(await within(panel()).findByRole('button', { name: 'Unfollow Liam Chen' }));
    expect(await screen.findByText('You Unfollowed Liam Chen')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Ava Reed' })).findByText('1 Following')).toBeInTheDocument();
    expect(within(whoToFollow()).queryByRole('link', { name: /Liam Chen/ })).not.toBeInTheDocument();
    await act(async () => {
      await store.dispatch(usersApi.endpoints.getSuggestions.initiate(undefined, { forceRefetch: true }));
    });
    expect(await within(whoToFollow()).findByRole('link', { name: /Liam Chen/ })).toBeInTheDocument();
  });

  it('rolls a refused follow back and shows the backend message', async () => {
    const { user } = await openAsDemo();
    server.use(http.post(`${TEST_API_BASE}/users/follow/:userId`, () => HttpResponse.json({ errors: [MESSAGES.alreadyFollowing] }, { status: 400 })));
    await user.click(within(whoToFollow()).getByRole('button', { name: 'Follow Zoe Martin' }));
    expect(await screen.findByText(MESSAGES.alreadyFollowing)).toBeInTheDocument();
    expect(within(whoToFollow()).getByRole('button', { name: 'Follow Zoe Martin' })).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Ava Reed' })).findByText('2 Following')).toBeInTheDocument();
    expect(screen.queryByText('You started following Zoe Martin')).not.toBeInTheDocument();
  });

  it('sends the member to /login, keeping where they were, when the session has expired', async () => {
    const { user, router } = await openAsDemo();
    useScenario('expired-session');
    await user.click(within(whoToFollow()).getByRole('button', { name: 'Follow Noah Kim' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((router.state.location.state as { from?: { pathname: string } } | null)?.from?.pathname).toBe(`/users/${SEED_USER_IDS.ava}`);
    expect(screen.queryByText('You started following Noah Kim')).not.toBeInTheDocument();
  });

  it('keeps the member where they are when the backend fails: Unfollow comes back, with a toast', async () => {
    const { user, router } = await openAsDemo();
    server.use(http.post(`${TEST_API_BASE}/users/unfollow/:userId`, () => HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 })));
    await user.type(within(panel()).getByRole('searchbox', { name: 'Search People' }), 'maya');
    await user.click(await within(panel()).findByRole('button', { name: 'Unfollow Maya Patel' }));
    expect(await screen.findByText(`Your unfollow was not saved. ${MESSAGES.serverError}`)).toBeInTheDocument();
    expect(await within(panel()).findByRole('button', { name: 'Unfollow Maya Patel' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/users/${SEED_USER_IDS.ava}`);
    expect(screen.queryByText('You Unfollowed Maya Patel')).not.toBeInTheDocument();
  });

  it('says "No one to Follow...!" when the list loads with everyone followed', async () => {
    const { user, store } = await openAsDemo();
    await user.click(within(whoToFollow()).getByRole('button', { name: 'Follow Noah Kim' }));
    await screen.findByText('You started following Noah Kim');
    await user.click(within(whoToFollow()).getByRole('button', { name: 'Follow Zoe Martin' }));
    await screen.findByText('You started following Zoe Martin');
    // Both entries stay, with Unfollow, until the list loads again.
    expect(within(whoToFollow()).getAllByRole('button', { name: /^Unfollow/ })).toHaveLength(2);
    await act(async () => {
      await store.dispatch(usersApi.endpoints.getSuggestions.initiate(undefined, { forceRefetch: true }));
    });
    expect(await within(whoToFollow()).findByText('No one to Follow...!')).toBeInTheDocument();
  });

  it('leaves out the members the member mutes, and suggests them again once unmuted', async () => {
    const { user } = await openAsDemo(`/users/${SEED_USER_IDS.noah}`);
    const names = () => within(whoToFollow()).queryAllByRole('link').map((link) => link.textContent);
    expect(names()).toEqual(['Noah Kim@noah_kim', 'Zoe Martin@zoe_martin']);
    const header = screen.getByRole('region', { name: 'Noah Kim' });

    await user.click(await within(header).findByRole('button', { name: 'Mute Noah Kim' }));
    expect(await screen.findByText(/You muted Noah Kim\./)).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Zoe Martin@zoe_martin']));

    await user.click(await within(header).findByRole('button', { name: 'Unmute Noah Kim' }));
    expect(await screen.findByText('You unmuted Noah Kim.')).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['Noah Kim@noah_kim', 'Zoe Martin@zoe_martin']));
  });

  it('says it is loading until the people to follow are in, and leaves out whom the member muted before', async () => {
    getMockDb().users.get(SEED_USER_IDS.ava)!.muting = [SEED_USER_IDS.zoe];
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => { answer = resolve; });
    server.use(http.get(`${TEST_API_BASE}/users/suggestions`, async () => {
      // Then on to the stand-in's own answer.
      await answered;
    }));
    await renderWithProviders({ route: `/users/${SEED_USER_IDS.ava}`, authAs: DEMO_CREDENTIALS });
    const section = within(await screen.findByRole('complementary', { name: 'People' })).getByRole('region', { name: 'Who to follow?' });
    expect(within(section).getByText('Loading people…')).toBeInTheDocument();
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
    act(() => answer());
    expect(await within(section).findByRole('link', { name: /Noah Kim/ })).toBeInTheDocument();
    expect(within(section).getAllByRole('link').map((link) => link.textContent)).toEqual(['Noah Kim@noah_kim']);
  });

  it('leaves out whom the member follows when the suggestions arrive, though the answer names them (kept from before a follow)', async () => {
    const { users } = getMockDb();
    const summary = (id: string) => {
      const member = users.get(id)!;
      return { _id: member.id, username: member.username, firstName: member.firstName, lastName: member.lastName, image: member.image };
    };
    // The demo member follows Liam: an answer from before that follow still names him.
    server.use(http.get(`${TEST_API_BASE}/users/suggestions`, () => HttpResponse.json({ users: [SEED_USER_IDS.liam, SEED_USER_IDS.noah].map(summary), total: 2 })));
    await renderWithProviders({ route: `/users/${SEED_USER_IDS.ava}`, authAs: DEMO_CREDENTIALS });
    const section = within(await screen.findByRole('complementary', { name: 'People' })).getByRole('region', { name: 'Who to follow?' });
    expect(await within(section).findByRole('link', { name: /Noah Kim/ })).toBeInTheDocument();
    expect(within(section).getAllByRole('link').map((link) => link.textContent)).toEqual(['Noah Kim@noah_kim']);
  });

  it('says the people to follow could not load, with Try again that brings them', async () => {
    let failing = true;
    server.use(http.get(`${TEST_API_BASE}/users/suggestions`, () => (failing ? HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 }) : undefined)));
    const { user } = await renderWithProviders({ route: `/users/${SEED_USER_IDS.ava}`, authAs: DEMO_CREDENTIALS });
    const section = within(await screen.findByRole('complementary', { name: 'People' })).getByRole('region', { name: 'Who to follow?' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('People could not load.');
    expect(within(section).queryByText('Loading people…')).not.toBeInTheDocument();

    failing = false;
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    // Focus stays in the list's section, at its heading, as the button goes.
    expect(within(section).getByRole('heading', { name: 'Who to follow?' })).toHaveFocus();
    expect(await within(section).findByRole('link', { name: /Noah Kim/ })).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists everyone but oneself for a new member', async () => {
    useScenario('new-member');
    await openAsDemo();
    const names = within(within(whoToFollow()).getByRole('list')).getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual(['Liam Chen@liam_chen', 'Maya Patel@maya_patel', 'Noah Kim@noah_kim', 'Zoe Martin@zoe_martin']);
  });
});

describe('side panel: loader', () => {
  it('turns the full-page loader off a second after the members list loads', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const store = makeStore();
      const { encodedToken, foundUser } = await loginThroughApi(DEMO_CREDENTIALS);
      store.dispatch(userLoggedIn({ token: encodedToken, user: foundUser }));
      store.dispatch(loaderShown());
      render(
        <Provider store={store}>
          <MemoryRouter>
            <SidePanel />
          </MemoryRouter>
        </Provider>,
      );
      expect(screen.getByText('Loading people…')).toBeInTheDocument();
      await screen.findByRole('link', { name: /Noah Kim/ });
      act(() => jest.advanceTimersByTime(TIMINGS.loaderOffShortMs - 100));
      expect(selectShowLoader(store.getState())).toBe(true);
      act(() => jest.advanceTimersByTime(100));
      expect(selectShowLoader(store.getState())).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });
});
