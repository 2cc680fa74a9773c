import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DEMO_CREDENTIALS, seedPostId } from '../../../../contract/seed/default';
import { getMockDb, server, TEST_API_BASE, useScenario } from '../../../../mocks/testing/node';
import { currentPath, renderWithProviders } from '../../../test/renderWithProviders';
import { reportsApi } from '../reportsApi';

const as = (username: string) => ({ username, password: DEMO_CREDENTIALS.password });
/** The demo member's report of Noah's bike post, open in the `moderation` scenario. */
const DEMOS_REPORT = 'a0de1000-0000-4000-8000-000000000003';

async function yourReports() {
  return screen.findByRole('region', { name: 'Your reports' });
}

describe('Your reports, on the notifications page', () => {
  beforeEach(() => {
    useScenario('moderation');
  });

  it('lists the member\'s report with its reason, a link to what it is about, and that it waits for the moderators', async () => {
    await renderWithProviders({ route: '/notifications', authAs: as('demo_user') });
    const items = within(await yourReports()).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('A post you reported · Spam');
    expect(items[0]).toHaveTextContent('Waiting for the moderators');
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'A post you reported' })).toHaveAttribute('href', `/posts/${seedPostId(8)}`);
  });

  it('says when the moderators acted on it, and when they looked and did nothing, each time the page opens', async () => {
    const report = getMockDb().reports.get(DEMOS_REPORT);
    if (!report) throw new Error('the scenario has no report by the demo member');
    report.status = 'resolved';
    const first = await renderWithProviders({ route: '/notifications', authAs: as('demo_user') });
    expect(await within(await yourReports()).findByText('Resolved: the moderators acted on it')).toBeInTheDocument();
    first.unmount();

    report.status = 'dismissed';
    await renderWithProviders({ route: '/notifications', authAs: as('demo_user') });
    expect(await within(await yourReports()).findByText('Reviewed: the moderators took no action')).toBeInTheDocument();
  });

  it('shows nothing for a member who has reported nothing', async () => {
    const { store } = await renderWithProviders({ route: '/notifications', authAs: as('zoe_martin') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    // Once her reports have been read (none), the page says nothing of them.
    await waitFor(() => expect(reportsApi.endpoints.getMyReports.select()(store.getState()).data).toEqual([]));
    expect(screen.queryByRole('region', { name: 'Your reports' })).not.toBeInTheDocument();
  });

  it('says when the reports could not be read, keeps the member on their notifications, and lists the reports once Try again is pressed', async () => {
    let down = true;
    server.use(http.get(`${TEST_API_BASE}/reports/mine`, () => (down ? HttpResponse.json({ errors: ['Something went wrong on our side. Please try again later.'] }, { status: 500 }) : undefined)));
    const { router, user } = await renderWithProviders({ route: '/notifications', authAs: as('demo_user') });
    expect(await within(await yourReports()).findByRole('alert')).toHaveTextContent('Your reports could not be loaded.');
    expect(screen.getByRole('list', { name: 'Notifications' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/notifications');
    // The server answered: the connection is not said to be lost (which would load the list again and again).
    expect(screen.queryByText(/reconnecting/)).not.toBeInTheDocument();

    down = false;
    await user.click(within(await yourReports()).getByRole('button', { name: 'Try again' }));
    expect(await within(await yourReports()).findByText('Waiting for the moderators')).toBeInTheDocument();
    expect(within(await yourReports()).queryByRole('alert')).not.toBeInTheDocument();
  });
});
