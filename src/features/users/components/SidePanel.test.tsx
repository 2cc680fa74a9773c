import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { server, TEST_API_BASE, useScenario } from '../../../../mocks/node';
import { MESSAGES } from '../../../../contract/messages';
import { DEMO_CREDENTIALS, SEED_USER_IDS } from '../../../../mocks/seed';
import { makeStore } from '../../../app/store';
import { TIMINGS } from '../../../config/timings';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { selectCurrentUser } from '../../auth/sessionSlice';
import { loaderShown, selectShowLoader } from '../../ui/uiSlice';
import { SidePanel } from './SidePanel';

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
    const results = within(panel()).getByRole('list', { name: 'People found' });
    const rows = within(results).getAllByRole('listitem');
    // Maya Patel (first name) and Zoe Martin (last name).
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Maya Patel@maya_patel', 'Zoe Martin@zoe_martin']);
    expect(within(results).getByRole('link', { name: /Maya Patel/ })).toHaveAttribute('href', `/users/${SEED_USER_IDS.maya}`);
    expect(within(results).getByRole('button', { name: 'Unfollow Maya Patel' })).toBeInTheDocument();
    expect(within(results).getByRole('button', { name: 'Follow Zoe Martin' })).toBeInTheDocument();
    expect(within(panel()).getByRole('status')).toHaveTextContent('2 people found');

    await user.clear(search);
    await user.type(search, 'xyz');
    expect(within(panel()).getByText('No User Found')).toBeInTheDocument();
    expect(within(panel()).queryByRole('list', { name: 'People found' })).not.toBeInTheDocument();

    // Escape clears the search.
    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    expect(within(panel()).queryByText('No User Found')).not.toBeInTheDocument();
  });

  it('does not offer to follow oneself', async () => {
    const { user } = await openAsDemo();
    await user.type(within(panel()).getByRole('searchbox', { name: 'Search People' }), 'ava');
    const results = within(panel()).getByRole('list', { name: 'People found' });
    expect(within(results).getByRole('link', { name: /Ava Reed/ })).toBeInTheDocument();
    expect(within(results).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is reachable by keyboard, and the top bar search closes its list when a profile is opened', async () => {
    const { user, router } = await openAsDemo();
    const top = screen.getByRole('banner');
    const search = within(top).getByRole('searchbox', { name: 'Search People' });
    await user.click(search);
    await user.type(search, 'zoe');
    await user.tab();
    expect(within(top).getByRole('link', { name: /Zoe Martin/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${SEED_USER_IDS.zoe}`));
    expect(search).toHaveValue('');
    expect(within(top).queryByRole('list', { name: 'People found' })).not.toBeInTheDocument();
  });
});

describe('side panel: who to follow', () => {
  it('follows a member: toast with the name, they leave the list, and both profiles count it', async () => {
    const { user, router, store } = await openAsDemo();
    const list = within(whoToFollow()).getByRole('list');
    expect(within(list).getAllByRole('listitem').map((row) => within(row).getByRole('link').textContent)).toEqual([
      'Noah Kim@noah_kim',
      'Zoe Martin@zoe_martin',
    ]);
    const header = screen.getByRole('region', { name: 'Ava Reed' });
    expect(within(header).getByText('2 Following')).toBeInTheDocument();

    await user.click(within(whoToFollow()).getByRole('button', { name: 'Follow Noah Kim' }));
    expect(await screen.findByText('You started following Noah Kim')).toBeInTheDocument();
    expect(within(whoToFollow()).queryByRole('link', { name: /Noah Kim/ })).not.toBeInTheDocument();
    // Focus is not lost with the row: it moves to the list's heading.
    expect(within(whoToFollow()).getByRole('heading', { name: 'Who to follow?' })).toHaveFocus();
    expect(within(header).getByText('3 Following')).toBeInTheDocument();
    // The session member follows Noah now (the home feed is built from it).
    expect(selectCurrentUser(store.getState())?.following.map((entry) => entry._id)).toContain(SEED_USER_IDS.noah);

    await user.type(within(panel()).getByRole('searchbox', { name: 'Search People' }), 'noah');
    await user.click(within(panel()).getByRole('link', { name: /Noah Kim/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/users/${SEED_USER_IDS.noah}`));
    const noah = await screen.findByRole('region', { name: 'Noah Kim' });
    expect(within(noah).getByText('3 Followers')).toBeInTheDocument();
    expect(within(noah).getByRole('button', { name: 'Unfollow Noah Kim' })).toBeInTheDocument();
  });

  it('unfollows a member from search: error-style toast, and they are back in "Who to follow?"', async () => {
    const { user } = await openAsDemo();
    await user.type(within(panel()).getByRole('searchbox', { name: 'Search People' }), 'liam');
    await user.click(within(panel()).getByRole('button', { name: 'Unfollow Liam Chen' }));
    expect(await screen.findByText('You Unfollowed Liam Chen')).toBeInTheDocument();
    expect(within(whoToFollow()).getByRole('link', { name: /Liam Chen/ })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Ava Reed' })).getByText('1 Following')).toBeInTheDocument();
  });

  it('rolls a refused follow back and shows the backend message', async () => {
    const { user } = await openAsDemo();
    server.use(http.post(`${TEST_API_BASE}/users/follow/:userId`, () => HttpResponse.json({ errors: [MESSAGES.alreadyFollowing] }, { status: 400 })));
    await user.click(within(whoToFollow()).getByRole('button', { name: 'Follow Zoe Martin' }));
    expect(await screen.findByText(MESSAGES.alreadyFollowing)).toBeInTheDocument();
    expect(within(whoToFollow()).getByRole('button', { name: 'Follow Zoe Martin' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Ava Reed' })).getByText('2 Following')).toBeInTheDocument();
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

  it('goes to the error page when the backend fails', async () => {
    const { user, router } = await openAsDemo();
    server.use(http.post(`${TEST_API_BASE}/users/unfollow/:userId`, () => HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 })));
    await user.type(within(panel()).getByRole('searchbox', { name: 'Search People' }), 'maya');
    await user.click(within(panel()).getByRole('button', { name: 'Unfollow Maya Patel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
    expect(screen.queryByText('You Unfollowed Maya Patel')).not.toBeInTheDocument();
  });

  it('says "No one to Follow...!" when everyone is followed', async () => {
    const { user } = await openAsDemo();
    await user.click(within(whoToFollow()).getByRole('button', { name: 'Follow Noah Kim' }));
    await screen.findByText('You started following Noah Kim');
    await user.click(within(whoToFollow()).getByRole('button', { name: 'Follow Zoe Martin' }));
    expect(await within(whoToFollow()).findByText('No one to Follow...!')).toBeInTheDocument();
    // The list empties at the click; the toast waits for the backend, so the follow has landed.
    expect(await screen.findByText('You started following Zoe Martin')).toBeInTheDocument();
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
