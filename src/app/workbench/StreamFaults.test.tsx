import { render, screen, waitFor, within } from '@testing-library/react';
import { DEMO_CREDENTIALS, seedPostId } from '../../../contract/seed/default';
import { server, TEST_API_BASE, workbenchFor } from '../../../mocks/testing/node';
import { selectLive } from '../../features/live/liveSlice';
import { elsewhere } from '../../test/elsewhere';
import { cardWith, findFeed } from '../../test/posts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { LAKE } from '../../test/seedTexts';
import type { WorkbenchShortcut } from './shortcut';
import { Workbench } from './Workbench';
// Loaded ahead: the panel is a lazy chunk, and its first load here (compiled on a clean checkout)
// would otherwise count against the wait of whichever test opens it first.
import './WorkbenchPanel';

/** Its shortcut, pressed before it came: it opens as it listens (as the app's start hands it over). */
const PRESSED_BEFORE: WorkbenchShortcut = {
  listen(opened) {
    opened();
    return () => undefined;
  },
};

/** Home, live, with the workbench beside it, its panel open. */
async function homeWithPanel() {
  const opened: Array<string | null> = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url === `${TEST_API_BASE}/events`) opened.push(request.headers.get('last-event-id'));
  });
  const rendered = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
  await findFeed('Latest Posts');
  await waitFor(() => expect(selectLive(rendered.store.getState())).toBe(true));
  render(<Workbench workbench={workbenchFor()} shortcut={PRESSED_BEFORE} />);
  const panel = await screen.findByRole('dialog', { name: 'Stand-in workbench' });
  return { ...rendered, panel, opened };
}

const MISSED = 'Said while the stream was held.';

/**
 * An event reaches the app first (Zoe likes the lake): the app then knows where it is in the stream,
 * which it says when it opens the stream again.
 */
async function oneEventHeard(): Promise<void> {
  await elsewhere('zoe_martin', 'POST', `/posts/like/${seedPostId(2)}`);
  expect(await within(cardWith(LAKE)).findByRole('button', { name: 'Like, 3 likes' })).toBeInTheDocument();
}

describe("the live stream's faults", () => {
  it('held: what is said meanwhile waits, and comes behind "1 new post" once released', async () => {
    const { user, panel } = await homeWithPanel();
    expect(within(panel).getByText('1 live stream open.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('checkbox', { name: /^Hold the stream/ }));
    expect(within(panel).getByText('1 live stream open, held.')).toBeInTheDocument();

    await elsewhere('maya_patel', 'POST', '/posts', { postData: { text: MISSED } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button', { name: '1 new post' })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('checkbox', { name: /^Hold the stream/ }));
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeInTheDocument();
  });

  it('dropped while it held an event: the app opens it again from where it left off, and misses nothing', async () => {
    const { user, panel, opened } = await homeWithPanel();
    await oneEventHeard();
    await user.click(within(panel).getByRole('checkbox', { name: /^Hold the stream/ }));
    await elsewhere('maya_patel', 'POST', '/posts', { postData: { text: MISSED } });
    await user.click(within(panel).getByRole('button', { name: 'Drop the stream now' }));
    await user.click(within(panel).getByRole('checkbox', { name: /^Hold the stream/ }));

    expect(await screen.findByRole('button', { name: '1 new post' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(opened).toHaveLength(2);
    expect(opened[0]).toBeNull();
    // The second stream said where the app had got to: the event held back was sent on it.
    expect(opened[1]).toMatch(/^\d+$/);
  });

  it('dropped before any event came: the app cannot say where it left off, so it loads what it shows again, the missed post in it', async () => {
    const { user, panel, opened } = await homeWithPanel();
    await user.click(within(panel).getByRole('checkbox', { name: /^Hold the stream/ }));
    await elsewhere('maya_patel', 'POST', '/posts', { postData: { text: MISSED } });
    await user.click(within(panel).getByRole('button', { name: 'Drop the stream now' }));
    await user.click(within(panel).getByRole('checkbox', { name: /^Hold the stream/ }));

    expect(await screen.findByText(MISSED, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(opened).toEqual([null, null]);
  });

  it('a reconnect answered with a reset: what is shown loads again, the missed post in it', async () => {
    const { user, panel, opened } = await homeWithPanel();
    await oneEventHeard();
    await user.click(within(panel).getByRole('checkbox', { name: /^Hold the stream/ }));
    await elsewhere('maya_patel', 'POST', '/posts', { postData: { text: MISSED } });
    await user.click(within(panel).getByRole('checkbox', { name: /^Answer the next reconnect with a reset/ }));
    await user.click(within(panel).getByRole('button', { name: 'Drop the stream now' }));
    await user.click(within(panel).getByRole('checkbox', { name: /^Hold the stream/ }));

    expect(await screen.findByText(MISSED, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '1 new post' })).not.toBeInTheDocument();
    expect(opened).toHaveLength(2);
    // Once: the reset was for that reconnect only.
    expect(within(panel).getByRole('checkbox', { name: /^Answer the next reconnect with a reset/ })).not.toBeChecked();
  });
});
