import { screen, within } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { buildDefaultSeed } from '../../../contract/seed/default';
import { createMockContext } from '../../../mocks/context';
import { createHandlers } from '../../../mocks/handlers';
import { server, workbenchFor } from '../../../mocks/testing/node';
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

/** A second backend at another origin: a stand-in of its own on the demo seed, as a real server would answer. */
const SERVER = 'http://127.0.0.1:8080';
const PAGE = 'http://localhost/explore';

function realServerAnswers(): void {
  server.use(...createHandlers(createMockContext({ baseUrl: `${SERVER}/api`, delayMs: 0, seed: buildDefaultSeed() })));
}

function setUp(realServer: string | null = null) {
  const kept: Array<string | null> = [];
  const shown: string[] = [];
  const switched: Array<string | undefined> = [];
  const workbench = workbenchFor({ href: () => PAGE, showInAddress: (url) => shown.push(url), realServer, keepRealServer: (origin) => kept.push(origin) });
  const user = userEvent.setup();
  render(<Workbench workbench={workbench} onSwitchBackend={(origin) => switched.push(origin)} shortcut={realServer === null ? PRESSED_BEFORE : undefined} />);
  return { workbench, kept, shown, switched, user };
}

async function backendSection() {
  const dialog = await screen.findByRole('dialog', { name: 'Stand-in workbench' });
  return within(dialog).getByRole('region', { name: 'Backend' });
}

describe("the developers' switch to a real server", () => {
  it('refuses an address that is not a server, says why beside it, and keeps what was typed', async () => {
    const { user, switched, workbench } = setUp();
    const section = await backendSection();
    const address = within(section).getByRole('textbox', { name: 'Real server address' });
    await user.type(address, 'ftp://127.0.0.1:8080');
    await user.click(within(section).getByRole('button', { name: 'Use this server' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('"ftp://127.0.0.1:8080" is not http or https: give an http:// or https:// address such as http://127.0.0.1:8080.');
    expect(address).toHaveValue('ftp://127.0.0.1:8080');
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription(/is not http or https/);

    await user.clear(address);
    await user.type(address, 'http://127.0.0.1:8080/profile/ava');
    await user.click(within(section).getByRole('button', { name: 'Use this server' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('has more than a server\'s address');
    expect(switched).toEqual([]);
    expect(workbench.realServer()).toBeNull();
  });

  it("says how to start a server that does not answer this page's origin, and stays on the stand-in", async () => {
    server.use(http.get(`${SERVER}/api/health`, () => HttpResponse.error()));
    const { user, switched, workbench } = setUp();
    const section = await backendSection();
    await user.type(within(section).getByRole('textbox', { name: 'Real server address' }), SERVER);
    await user.click(within(section).getByRole('button', { name: 'Use this server' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      `${SERVER} did not answer from this page. Is the server running there, and does it accept this page's origin? Start it with DEV_ORIGINS=http://localhost.`,
    );
    expect(switched).toEqual([]);
    expect(workbench.realServer()).toBeNull();
    expect(within(section).getByText('The stand-in answers the app, as default.')).toBeInTheDocument();
  });

  it('points the app at a server that answers, by its origin; the link and the badge say so; and goes back', async () => {
    realServerAnswers();
    const { user, switched, kept, shown, workbench } = setUp();
    const section = await backendSection();
    await user.type(within(section).getByRole('textbox', { name: 'Real server address' }), `${SERVER}/api/`);
    await user.click(within(section).getByRole('button', { name: 'Use this server' }));
    expect(await within(section).findByText(`The server at ${SERVER} answers the app now. Log in with an account of that server.`)).toBeInTheDocument();
    expect(switched).toEqual([SERVER]);
    expect(kept).toEqual([SERVER]);
    expect(new URL(shown.at(-1)!).searchParams.get('backend')).toBe(SERVER);
    expect(new URL(workbench.link()).searchParams.get('backend')).toBe(SERVER);
    expect(within(section).getByText(/^The real server at http:\/\/127\.0\.0\.1:8080 answers the app\./)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Back to the stand-in' }));
    expect(within(section).getByText('The stand-in answers again, as default, with its data as it was.')).toBeInTheDocument();
    expect(switched).toEqual([SERVER, undefined]);
    expect(kept).toEqual([SERVER, null]);
    expect(new URL(workbench.link()).searchParams.has('backend')).toBe(false);
    expect(within(section).queryByRole('button', { name: 'Back to the stand-in' })).not.toBeInTheDocument();
    expect(within(section).getByRole('textbox', { name: 'Real server address' })).toHaveFocus();
  });

  it('shows a badge naming the real server in use', async () => {
    realServerAnswers();
    setUp(SERVER);
    expect(screen.getByRole('button', { name: 'Real server: 127.0.0.1:8080 (open the stand-in workbench)' })).toBeInTheDocument();
  });
});

describe('the stand-in held to the real server in use', () => {
  it('says they agree when the server answers as the contract says', async () => {
    realServerAnswers();
    const { user } = setUp();
    const section = await backendSection();
    await user.type(within(section).getByRole('textbox', { name: 'Real server address' }), SERVER);
    await user.click(within(section).getByRole('button', { name: 'Use this server' }));
    await user.click(await within(section).findByRole('button', { name: 'Compare with the stand-in' }));
    expect(await within(section).findByText(/^The stand-in and http:\/\/127\.0\.0\.1:8080 agree on all \d+ sample calls: the same statuses, the same shapes\.$/, {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('lists each difference of a server that has drifted', async () => {
    realServerAnswers();
    // The drifted server: a like answers 200 instead of 201.
    server.use(http.post(`${SERVER}/api/posts/like/:postId`, () => HttpResponse.json({ likes: [] }, { status: 200 })));
    const { user } = setUp();
    const section = await backendSection();
    await user.type(within(section).getByRole('textbox', { name: 'Real server address' }), SERVER);
    await user.click(within(section).getByRole('button', { name: 'Use this server' }));
    await user.click(await within(section).findByRole('button', { name: 'Compare with the stand-in' }));
    expect(await within(section).findByText(/^The stand-in and http:\/\/127\.0\.0\.1:8080 differ: \d+ differences? in \d+ calls\.$/, {}, { timeout: 10_000 })).toBeInTheDocument();
    const differences = within(within(section).getByRole('list', { name: 'Differences' })).getAllByRole('listitem');
    expect(differences.map((item) => item.textContent)).toContain('POST /posts/like/:postId (a like): status 201 on the stand-in, 200 on the server');
  });
});
