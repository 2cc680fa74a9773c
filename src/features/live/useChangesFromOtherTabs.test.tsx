import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, TEST_API_BASE, tokenFor } from '../../../mocks/testing/node';
import { DEMO_CREDENTIALS, seedPostId } from '../../../contract/seed/default';
import { findFeed } from '../../test/posts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { TABS_CHANNEL } from './useChangesFromOtherTabs';

/** Another tab of the same browser, as far as this tab can tell. */
let otherTab: BroadcastChannel;
beforeEach(() => {
  otherTab = new BroadcastChannel(TABS_CHANNEL);
});
afterEach(() => {
  otherTab.close();
});

describe('the member’s other tabs', () => {
  it('show here what they change, without a reload, from a backend without the live stream', async () => {
    server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: ['pages', 'feed', 'return-minimal'] })));
    await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await findFeed('Latest Posts');

    // The other tab posts (its call reaches the same backend) and says so.
    // In act: the page's own answers still coming land meanwhile.
    const token = await act(() => tokenFor(DEMO_CREDENTIALS.username));
    const answer = await act(() => fetch(`${TEST_API_BASE}/posts`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ postData: { text: 'Posted from my other tab' } }),
    }));
    expect(answer.status).toBe(201);
    expect(screen.queryByText('Posted from my other tab')).not.toBeInTheDocument();
    otherTab.postMessage('changed');

    expect(await screen.findByText('Posted from my other tab')).toBeInTheDocument();
  });

  it('hear of a change made here once it is answered', async () => {
    const heard = jest.fn();
    // The tabs also tell each other of the live stream; a change made here is told as 'changed'.
    otherTab.onmessage = ({ data }: MessageEvent<unknown>) => {
      if (data === 'changed') heard();
    };
    const { user } = await renderWithProviders({ route: `/posts/${seedPostId(2)}`, authAs: DEMO_CREDENTIALS });
    const card = await screen.findByRole('article', { name: 'Maya Patel' });
    expect(heard).not.toHaveBeenCalled();

    await user.click(within(card).getByRole('button', { name: /^Like/ }));
    expect(await screen.findByText('You Liked the Post!')).toBeInTheDocument();
    await waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
  });
});
