import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '../../../contract/messages';
import { DEMO_USER_ID, SEED_USERNAMES, seedPostId } from '../../../contract/seed/default';
import { faultHandlers } from '../../../mocks/faults';
import { getMockContext, getMockDb, server, workbenchFor } from '../../../mocks/testing/node';
import { callAs, expectRefusal } from '../../../mocks/testing/testSupport';
import { RequestLog } from '../../../mocks/requestLog';
import { LOST_MESSAGE, RESTORED_MESSAGE, WorkerKeeper } from '../../../mocks/workerKeeper';
import type { StandInWorkbench } from '../../../mocks/workbench';
import type { LoginResponse } from '../../types/api';
import { CharacterCount } from '../../features/posts/components/CharacterCount';
import { activateLanguage, i18n } from '../../i18n/i18n';
import { Workbench, type WorkbenchProps } from './Workbench';
import { heardFromTheStart } from './shortcut';
// Loaded ahead: the panel is a lazy chunk, and its first load here (compiled on a clean checkout)
// would otherwise count against the wait of whichever test opens it first.
import './WorkbenchPanel';

const LIKE = 'POST /posts/like/:postId';
const PAGE = 'http://localhost/explore?tab=latest';

interface Harness {
  workbench: StandInWorkbench;
  kept: unknown[];
  /** What the workbench put in the address bar, in order. */
  shown: string[];
  log: RequestLog;
}

/** A workbench over the tests' stand-in, as the browser's start makes one, its faults answered. */
function harness(scenario: 'default' | 'busy' = 'default'): Harness {
  const ctx = getMockContext();
  server.use(...faultHandlers(ctx));
  const kept: unknown[] = [];
  const shown: string[] = [];
  const log = new RequestLog(ctx.baseUrl);
  log.enabled = false;
  detachLog = log.attach(server);
  ctx.log = log;
  const workbench = workbenchFor({ scenario, keep: (rules) => kept.push(rules), keepClock: (setting) => kept.push(setting), log, href: () => PAGE, showInAddress: (url) => shown.push(url) });
  return { workbench, kept, shown, log };
}

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.keyboard('gw');
  return screen.findByRole('dialog', { name: 'Stand-in workbench' });
}

/** The workbench over a fresh harness, rendered with `props`, its panel opened from the keyboard. */
async function openWorkbench(props: Omit<WorkbenchProps, 'workbench'> = {}) {
  const opened = harness();
  const user = userEvent.setup();
  render(<Workbench workbench={opened.workbench} {...props} />);
  const dialog = await openPanel(user);
  return { ...opened, user, dialog };
}

let detachLog: (() => void) | undefined;
afterEach(async () => {
  await activateLanguage('en');
  localStorage.clear();
  detachLog?.();
  detachLog = undefined;
  getMockContext().log = undefined;
});

describe('the workbench beside the stand-in', () => {
  it('shows no badge on the default scenario with no fault, and one that opens the panel otherwise', async () => {
    const { workbench } = harness('busy');
    const { rerender } = render(<Workbench workbench={harness().workbench} />);
    expect(screen.queryByRole('button', { name: /open the stand-in workbench/ })).not.toBeInTheDocument();

    rerender(<Workbench workbench={workbench} />);
    const badge = screen.getByRole('button', { name: 'Scenario: busy (open the stand-in workbench)' });
    expect(badge).toHaveTextContent('Scenario: busy');
    await userEvent.setup().click(badge);
    expect(await screen.findByRole('dialog', { name: 'Stand-in workbench' })).toBeInTheDocument();
  });

  it('says on screen what could not be had, until dismissed', async () => {
    const warning = 'Unknown mock scenario "bussy"; using "default". Known scenarios: default, busy.';
    render(<Workbench warning={warning} workbench={harness().workbench} />);
    expect(screen.getByRole('alert')).toHaveTextContent(warning);
    await userEvent.setup().click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens with g then w on any page, not while typing, and Escape closes it', async () => {
    const user = userEvent.setup();
    render(<><input aria-label="Search people" /><Workbench workbench={harness().workbench} /></>);
    await user.click(screen.getByRole('textbox', { name: 'Search people' }));
    await user.keyboard('gw');
    expect(screen.getByRole('textbox', { name: 'Search people' })).toHaveValue('gw');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => (document.activeElement as HTMLElement).blur());
    const dialog = await openPanel(user);
    // Focus starts in the panel, on the scenario.
    expect(within(dialog).getByRole('combobox', { name: 'Scenario' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  describe('its shortcut heard from the app\'s start', () => {
    let shortcut: ReturnType<typeof heardFromTheStart> | undefined;
    afterEach(() => shortcut?.stop());

    it('comes open when its shortcut was pressed before it was on the page, and the stand-in was asked to start', async () => {
      const user = userEvent.setup();
      let asked = 0;
      shortcut = heardFromTheStart();
      await user.keyboard('g');
      // The app's start comes between the two keys (on a page built ahead, the first key starts it).
      shortcut.whenPressedEarly(() => asked++);
      await user.keyboard('w');
      expect(asked).toBe(1);
      render(<Workbench workbench={harness().workbench} shortcut={shortcut} />);
      expect(await screen.findByRole('dialog', { name: 'Stand-in workbench' })).toBeInTheDocument();
    });

    it('takes a g pressed before it came and a w pressed after as its shortcut', async () => {
      const user = userEvent.setup();
      let asked = 0;
      shortcut = heardFromTheStart();
      shortcut.whenPressedEarly(() => asked++);
      await user.keyboard('g');
      render(<Workbench workbench={harness().workbench} shortcut={shortcut} />);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await user.keyboard('w');
      expect(await screen.findByRole('dialog', { name: 'Stand-in workbench' })).toBeInTheDocument();
      // It was on the page: the stand-in had started, nothing was asked of the start.
      expect(asked).toBe(0);
      await user.keyboard('{Escape}');
      await user.keyboard('gw');
      expect(await screen.findByRole('dialog', { name: 'Stand-in workbench' })).toBeInTheDocument();
    });

    it('opens once for a shortcut pressed before, not again when it comes back', async () => {
      const user = userEvent.setup();
      shortcut = heardFromTheStart();
      await user.keyboard('gw');
      // Pressed before the app's start said what to do: it is told as it says so.
      let asked = 0;
      shortcut.whenPressedEarly(() => asked++);
      expect(asked).toBe(1);
      const { unmount } = render(<Workbench workbench={harness().workbench} shortcut={shortcut} />);
      expect(await screen.findByRole('dialog', { name: 'Stand-in workbench' })).toBeInTheDocument();
      unmount();
      render(<Workbench workbench={harness().workbench} shortcut={shortcut} />);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('lists every route of the contract, grouped by resource, and finds one by name', async () => {
    const { workbench, user, dialog } = await openWorkbench();
    expect(within(dialog).getAllByRole('combobox', { name: /^Answer of / })).toHaveLength(workbench.routes.length);
    for (const group of ['/auth', '/posts', '/replies', '/users', '/feed', '/tags', '/notifications', '/health']) {
      expect(within(dialog).getByText(group, { selector: 'summary', exact: false })).toBeInTheDocument();
    }
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find a route' }), 'like');
    const shown = within(dialog).getAllByRole('combobox', { name: /^Answer of / }).filter((select) => select.checkVisibility?.() ?? true);
    expect(shown.map((select) => select.getAttribute('aria-label'))).toEqual(expect.arrayContaining([`Answer of ${LIKE}`, 'Answer of POST /replies/like/:replyId']));
    expect(within(dialog).queryByRole('combobox', { name: 'Answer of GET /feed' })).not.toBeInTheDocument();
  });

  it('a fault chosen for the like alone: the like answers it, the link carries it, and it can be cleared', async () => {
    const { workbench, kept, user, dialog } = await openWorkbench();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find a route' }), 'like');

    await user.selectOptions(within(dialog).getByRole('combobox', { name: `Answer of ${LIKE}` }), `503: ${MESSAGES.serviceUnavailable}`);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: `How often for ${LIKE}` }), 'The next N calls');
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Calls' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Calls' }), '2');

    expect(workbench.faults()).toEqual([{ route: LIKE, answer: 503, times: { next: 2 } }]);
    expect(kept.at(-1)).toEqual(workbench.faults());
    expect(within(dialog).getByText(`${LIKE}: 503, the next 2 calls`)).toHaveAttribute('role', 'status');
    const link = new URL((within(dialog).getByRole('textbox', { name: /^Link/ }) as HTMLInputElement).value);
    expect(link.pathname).toBe('/explore');
    expect(link.searchParams.get('tab')).toBe('latest');
    expect(link.searchParams.get('scenario')).toBe('default');
    expect(JSON.parse(link.searchParams.get('faults')!)).toEqual(workbench.faults());

    const postId = seedPostId(3);
    expectRefusal(await callAs(DEMO_USER_ID, 'POST', `/posts/like/${postId}`), 503, MESSAGES.serviceUnavailable);
    expect((await callAs(DEMO_USER_ID, 'POST', `/users/bookmark/${postId}`)).status).toBe(201);

    await user.click(within(dialog).getByRole('button', { name: 'Clear every fault' }));
    expect(workbench.faults()).toEqual([]);
    expect(within(dialog).getByText('No faults: every call answers as usual.')).toHaveAttribute('role', 'status');
    expect(within(dialog).getByRole('combobox', { name: `Answer of ${LIKE}` })).toHaveValue('normal');
  });

  it('a rule that does not hold is said beside its route, and the rules in force stay', async () => {
    const { workbench, user, dialog } = await openWorkbench();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find a route' }), 'GET /feed');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Answer of GET /feed' }), 'Answers late');
    expect(workbench.faults()).toEqual([{ route: 'GET /feed', answer: { delayMs: 2000 } }]);

    const delay = within(dialog).getByRole('spinbutton', { name: 'Delay (ms)' });
    await user.clear(delay);
    await user.type(delay, '0');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('answer is {"delayMs":0}; it accepts');
    // What was typed stays in the box, and the last rule that held is still in force.
    expect(delay).toHaveValue(0);
    expect(workbench.faults()).toEqual([{ route: 'GET /feed', answer: { delayMs: 2000 } }]);
  });

  it("resets the current scenario's data in place, and has the app load again", async () => {
    const replaced = jest.fn();
    const { user, dialog } = await openWorkbench({ onDataReplaced: replaced });
    await callAs(DEMO_USER_ID, 'POST', '/posts', { postData: { text: 'Gone once the data is reset.' } });
    expect(getMockDb().posts.size).toBe(21);

    await user.click(within(dialog).getByRole('button', { name: 'Reset its data' }));
    expect(await within(dialog).findByText('The data of default is its seed again.')).toBeInTheDocument();
    expect(getMockDb().posts.size).toBe(20);
    expect(replaced).toHaveBeenCalledTimes(1);
  });

  it('switches to another scenario in place, faults kept: its seed, the app told to start over, the address saying so', async () => {
    const { workbench, shown } = harness('busy');
    workbench.setFaults([{ route: LIKE, answer: 500, times: 'once' }]);
    const switched = jest.fn();
    const replaced = jest.fn();
    const user = userEvent.setup();
    render(<Workbench workbench={workbench} onStartOver={switched} onDataReplaced={replaced} />);
    await user.click(screen.getByRole('button', { name: 'Scenario: busy, 1 fault (open the stand-in workbench)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stand-in workbench' });

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Scenario' }), 'empty');
    expect(within(dialog).getByText(/no posts at all/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Switch to empty' }));

    expect(await within(dialog).findByText('The stand-in answers as empty now, from its seed.')).toBeInTheDocument();
    expect(getMockDb().posts.size).toBe(0);
    expect(switched).toHaveBeenCalledTimes(1);
    expect(replaced).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('option', { name: 'empty (in force)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reset its data' })).toBeInTheDocument();
    const address = new URL(shown.at(-1)!);
    expect(address.pathname + address.searchParams.get('tab')).toBe('/explorelatest');
    expect(address.searchParams.get('scenario')).toBe('empty');
    expect(JSON.parse(address.searchParams.get('faults')!)).toEqual([{ route: LIKE, answer: 500, times: 'once' }]);
    expect(workbench.faults()).toEqual([{ route: LIKE, answer: 500, times: 'once' }]);
  });

  it('copies the link, and says so; when the browser refuses, says how to copy it by hand', async () => {
    const { workbench, user, dialog } = await openWorkbench();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(within(dialog).getByText('Link copied.')).toBeInTheDocument());
    expect(writeText).toHaveBeenCalledWith(workbench.link());

    writeText.mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await within(dialog).findByText(/The browser refused to copy/)).toBeInTheDocument();
  });

  it('switches the app to the pseudo-locale in place, kept in this browser and carried by the link; and back to English', async () => {
    const user = userEvent.setup();
    const { workbench } = harness();
    render(<><CharacterCount id="count" text="Hello" /><Workbench workbench={workbench} /></>);
    const dialog = await openPanel(user);
    const language = within(dialog).getByRole('combobox', { name: "The app's language, kept in this browser" });
    expect(language).toHaveValue('en');

    await user.selectOptions(language, 'en-XA');
    // What the app shows beside the panel changes with nothing reloaded.
    expect(await screen.findByText(/^\[495 çĥàŕàçţéŕš ļéƒţ·+\]$/)).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'en-XA');
    expect(localStorage.getItem('language')).toBe('en-XA');
    expect(new URL((within(dialog).getByRole('textbox', { name: /^Link:/ }) as HTMLInputElement).value).searchParams.get('lang')).toBe('en-XA');

    await user.selectOptions(language, 'en');
    expect(await screen.findByText('495 characters left')).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('en');
    expect(new URL((within(dialog).getByRole('textbox', { name: /^Link:/ }) as HTMLInputElement).value).searchParams.has('lang')).toBe(false);
  });

  it('says so when a language cannot load, and the app goes on in the one it speaks', async () => {
    const user = userEvent.setup();
    render(<><CharacterCount id="count" text="Hello" /><Workbench workbench={harness().workbench} /></>);
    const dialog = await openPanel(user);
    const load = jest.spyOn(i18n, 'load').mockImplementationOnce(() => {
      throw new Error('ChunkLoadError');
    });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: "The app's language, kept in this browser" }), 'ar');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The العربية catalogue could not load (the connection?); the app goes on in English.');
    expect(screen.getByText('495 characters left')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(localStorage.getItem('language')).toBeNull();
    load.mockRestore();
  });

  it('keeps a log of the calls once turned on: the fault each met, a filter, bodies on demand, copied as curl', async () => {
    const { workbench } = harness();
    workbench.setFaults([{ route: LIKE, answer: 503 }]);
    const user = userEvent.setup();
    render(<Workbench workbench={workbench} />);
    const dialog = await openPanel(user);
    const calls = within(dialog).getByRole('list', { name: 'Calls' });
    expect(within(dialog).getByText('The log is off: no call is kept.')).toBeInTheDocument();
    await callAs(DEMO_USER_ID, 'GET', '/users/bookmark');
    expect(within(calls).queryAllByRole('listitem')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: /^Keep a log of the calls/ }));
    const postId = seedPostId(5);
    // Inside act: the log takes each call, then its bodies as they are read, and the panel shows them.
    await act(async () => {
      await callAs(DEMO_USER_ID, 'POST', `/posts/like/${postId}`);
      await callAs(DEMO_USER_ID, 'GET', '/users/bookmark');
      while (!workbench.log.entries().every((entry) => entry.responseBody !== undefined)) await new Promise((resolve) => setTimeout(resolve, 5));
    });
    expect(within(calls).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).getByText('Showing 2 of 2 calls, newest first.')).toBeInTheDocument();
    const like = within(calls).getAllByRole('listitem')[1]!;
    expect(like).toHaveTextContent(`POST /posts/like/${postId} → 503`);
    expect(like).toHaveTextContent(`(fault: ${LIKE}: 503, every call)`);

    await user.type(within(dialog).getByRole('searchbox', { name: 'Filter the log' }), 'fault');
    expect(within(calls).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(like).getByText(`POST /posts/like/${postId}`, { exact: false }));
    await waitFor(() => expect(like).toHaveTextContent(MESSAGES.serviceUnavailable));
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(like).getByRole('button', { name: 'Copy as curl' }));
    expect(writeText).toHaveBeenCalledWith(`curl -i -X POST 'http://localhost/api/posts/like/${postId}'`);
    expect(await within(dialog).findByText('The call, as curl, copied.')).toBeInTheDocument();
  });

  it('exports the whole store as a file, and imports one only when it holds, saying what does not', async () => {
    const replaced = jest.fn();
    const { user, dialog } = await openWorkbench({ onDataReplaced: replaced });
    const saved: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:store';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    await user.click(within(dialog).getByRole('button', { name: 'Export the store' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('socialconnect-default-store.json');
    const exported = await saved[0]!.text();
    expect(JSON.parse(exported)).toEqual(getMockDb().snapshot());

    const input = within(dialog).getByLabelText(/^Import a store from a file/);
    await user.upload(input, new File(['{"version":2,"users":"none","posts":[]}'], 'broken.json', { type: 'application/json' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('broken.json: The file\'s /users is "none": expected array.');

    expect(replaced).not.toHaveBeenCalled();

    // A post written after the export is gone once the file is imported; the app loads again, no reload.
    await callAs(DEMO_USER_ID, 'POST', '/posts', { postData: { text: 'Written after the export.' } });
    expect(getMockDb().snapshot()).not.toEqual(JSON.parse(exported));
    await user.upload(input, new File([exported], 'store.json', { type: 'application/json' }));
    expect(await within(dialog).findByText('store.json is the store now.')).toBeInTheDocument();
    expect(getMockDb().snapshot()).toEqual(JSON.parse(exported));
    expect(replaced).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('sets the clock: frozen, said, kept for the tab, carried by the link and the badge; a shift of 0 is refused beside it', async () => {
    const { workbench, kept, shown, user, dialog } = await openWorkbench();
    expect(within(dialog).getByText("The stand-in's time: Real time.")).toHaveAttribute('role', 'status');

    await user.click(within(dialog).getByRole('radio', { name: 'Frozen at an instant' }));
    fireEvent.change(within(dialog).getByLabelText('Frozen at (your local time)'), { target: { value: '2025-06-01T12:00' } });
    const frozenAt = new Date('2025-06-01T12:00').toISOString();
    expect(workbench.clock()).toEqual({ frozenAt });
    expect(kept.at(-1)).toEqual({ frozenAt });
    expect(within(dialog).getByText(`The stand-in's time: Frozen at ${frozenAt}.`)).toBeInTheDocument();
    expect(new URL(shown.at(-1)!).searchParams.get('clock')).toBe(frozenAt);
    expect(new URL((within(dialog).getByRole('textbox', { name: /^Link/ }) as HTMLInputElement).value).searchParams.get('clock')).toBe(frozenAt);
    // In act: the panel reads the stand-in's members again as its data changes.
    await act(() => callAs(DEMO_USER_ID, 'POST', '/posts', { postData: { text: 'Written on the frozen clock.' } }));
    expect([...getMockDb().posts.values()].find((post) => post.content === 'Written on the frozen clock.')?.createdAt).toBe(frozenAt);

    await user.click(within(dialog).getByRole('radio', { name: 'Shifted from the real time' }));
    expect(workbench.clock()).toEqual({ shiftMs: 86_400_000 });
    const shift = within(dialog).getByRole('spinbutton', { name: 'Shift (negative: back)' });
    await user.clear(shift);
    await user.type(shift, '0');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give a whole number other than 0 (negative: back in time).');
    expect(workbench.clock()).toEqual({ shiftMs: 86_400_000 });
    await user.clear(shift);
    await user.type(shift, '-3');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Unit of the shift' }), 'hours');
    expect(workbench.clock()).toEqual({ shiftMs: -3 * 3_600_000 });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByText("The stand-in's time: Shifted back by 3h.")).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Scenario: default, clock set (open the stand-in workbench)' }));
    const reopened = await screen.findByRole('dialog', { name: 'Stand-in workbench' });
    // Opened again, the panel shows the clock in force.
    expect(within(reopened).getByRole('radio', { name: 'Shifted from the real time' })).toBeChecked();
    expect(within(reopened).getByRole('spinbutton', { name: 'Shift (negative: back)' })).toHaveValue(-3);
    await user.click(within(reopened).getByRole('radio', { name: 'Real time' }));
    expect(workbench.clock()).toBeNull();
    expect(kept.at(-1)).toBeNull();
    expect(new URL(shown.at(-1)!).searchParams.has('clock')).toBe(false);
  });

  it("says when the stand-in's worker was brought back, and has the app start over; says when it could not be", async () => {
    let answering = false;
    const keeper = new WorkerKeeper({
      probe: async () => answering,
      activate: async () => {
        answering = true;
      },
      register: async () => undefined,
      wait: async () => undefined,
    });
    const workbench = workbenchFor({ worker: keeper });
    const startOver = jest.fn();
    const user = userEvent.setup();
    render(<Workbench workbench={workbench} onStartOver={startOver} />);
    await act(() => workbench.worker.check());
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(RESTORED_MESSAGE);
    expect(startOver).toHaveBeenCalledTimes(1);
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(RESTORED_MESSAGE)).not.toBeInTheDocument();

    const lost = new WorkerKeeper({ probe: async () => false, activate: async () => undefined, register: async () => undefined, wait: async () => undefined });
    const gone = workbenchFor({ worker: lost });
    render(<Workbench workbench={gone} onStartOver={startOver} />);
    await act(() => gone.worker.check());
    expect(screen.getByRole('alert')).toHaveTextContent(LOST_MESSAGE);
    expect(startOver).toHaveBeenCalledTimes(1);
  });

  it("loads QA's own scenario from a file in place: its base, faults and clock, the badge naming it; a file that does not hold changes nothing", async () => {
    const startOver = jest.fn();
    const { workbench, user, dialog } = await openWorkbench({ onStartOver: startOver });
    const input = within(dialog).getByLabelText(/^Load a QA scenario file/);

    await user.upload(input, new File([JSON.stringify({ name: 'x', faults: [{ route: LIKE, answer: 418 }] })], 'typo.json', { type: 'application/json' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("typo.json: The file's faults[0].answer is 418; it accepts one of the statuses");
    expect(workbench.faults()).toEqual([]);
    expect(getMockDb().posts.size).toBe(20);
    expect(startOver).not.toHaveBeenCalled();

    const file = { name: 'likes-fail-on-empty', base: 'empty', faults: [{ route: LIKE, answer: 503 }], clock: '-2d' };
    await user.upload(input, new File([JSON.stringify(file)], 'likes-fail.json', { type: 'application/json' }));
    expect(await within(dialog).findByText('likes-fail.json is loaded: the scenario likes-fail-on-empty, on empty.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(getMockDb().posts.size).toBe(0);
    expect(workbench.faults()).toEqual([{ route: LIKE, answer: 503 }]);
    expect(workbench.clock()).toEqual({ shiftMs: -2 * 86_400_000 });
    expect(startOver).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByRole('option', { name: 'empty (in force)' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Scenario: likes-fail-on-empty (a file, on empty), 1 fault, clock set (open the stand-in workbench)' }));
    const reopened = await screen.findByRole('dialog', { name: 'Stand-in workbench' });
    await user.selectOptions(within(reopened).getByRole('combobox', { name: 'Scenario' }), 'default');
    await user.click(within(reopened).getByRole('button', { name: 'Switch to default' }));
    expect(await within(reopened).findByText('The stand-in answers as default now, from its seed.')).toBeInTheDocument();
    expect(workbench.scenarioFile()).toBeNull();
  });
});

describe("the workbench's inbox", () => {
  it('shows each mail the stand-in sent, the newest first, with its link, as it arrives', async () => {
    const { dialog } = await openWorkbench();
    const inbox = within(dialog).getByRole('region', { name: 'Inbox' });
    expect(within(inbox).getByRole('status')).toHaveTextContent('No mail yet');

    // In act: the panel hears of the mail and of the new member as the stand-in answers.
    const joined = await act(() => fetch(`${getMockContext().baseUrl}/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'Sam', lastName: 'Rivera', username: 'sam_rivera', password: 'welcome123', email: 'sam@example.com' }) }));
    expect(joined.status).toBe(201);
    await act(() => fetch(`${getMockContext().baseUrl}/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'sam_rivera' }) }));

    // Joining sent the mail that confirms the address; the reset link is the newest.
    await waitFor(() => expect(within(inbox).getByRole('status')).toHaveTextContent('2 mails, the newest first.'));
    const [mail, confirmation] = within(within(inbox).getByRole('list', { name: 'Mail sent' })).getAllByRole('listitem');
    expect(confirmation).toHaveTextContent('Confirm your email address for SocialConnect');
    if (!mail) throw new Error('no mail listed');
    expect(mail).toHaveTextContent('Set a new password for SocialConnect');
    expect(mail).toHaveTextContent('To sam@example.com');
    const link = within(mail).getByRole('link', { name: 'Open the link in this tab' });
    expect(link.getAttribute('href')).toMatch(/\/reset-password#token=[A-Za-z0-9_-]{43}$/);
    expect(getMockDb().inbox).toHaveLength(2);
  });
});

describe("the workbench's Log in as", () => {
  it('logs in as the member chosen, without a password: the answer carries a token the stand-in takes as theirs', async () => {
    const logIns: LoginResponse[] = [];
    const { user, dialog } = await openWorkbench({ onLogIn: (answer) => logIns.push(answer) });
    const section = within(dialog).getByRole('region', { name: 'Log in as' });
    const member = within(section).getByRole('combobox', { name: 'Member' });
    await within(member).findByRole('option', { name: `Liam Chen (@${SEED_USERNAMES.liam})` });

    await user.selectOptions(member, `Liam Chen (@${SEED_USERNAMES.liam})`);
    await user.click(within(section).getByRole('button', { name: 'Log in as this member' }));

    // The status line is there, empty, from the start: it says so once the stand-in has answered.
    await waitFor(() => expect(within(section).getByRole('status')).toHaveTextContent(`Logged in as Liam Chen (@${SEED_USERNAMES.liam}), on Home.`));
    expect(logIns).toHaveLength(1);
    const [answer] = logIns;
    expect(answer?.foundUser.username).toBe(SEED_USERNAMES.liam);
    // The token is Liam's: his devices answer to it, this browser among them.
    const devices = await fetch(`${getMockContext().baseUrl}/sessions`, { headers: { authorization: answer?.encodedToken ?? '' } });
    expect(devices.status).toBe(200);
    expect(((await devices.json()) as { sessions: unknown[] }).sessions).toHaveLength(1);
  });

  it('lists a member who joined since the panel opened, and says so when the member chosen is gone', async () => {
    const { user, dialog } = await openWorkbench({ onLogIn: () => undefined });
    const section = within(dialog).getByRole('region', { name: 'Log in as' });
    const member = within(section).getByRole('combobox', { name: 'Member' });
    await within(member).findByRole('option', { name: `Liam Chen (@${SEED_USERNAMES.liam})` });

    // In act: the panel hears of the new member as the stand-in answers.
    const joined = await act(() => fetch(`${getMockContext().baseUrl}/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'Sam', lastName: 'Rivera', username: 'sam_rivera', password: 'welcome123' }) }));
    expect(joined.status).toBe(201);
    await user.click(member);
    await user.selectOptions(member, await within(member).findByRole('option', { name: 'Sam Rivera (@sam_rivera)' }));

    // Sam leaves before QA presses: the stand-in no longer has him.
    const { _id: id } = ((await joined.json()) as { createdUser: { _id: string } }).createdUser;
    getMockDb().users.delete(id);
    await user.click(within(section).getByRole('button', { name: 'Log in as this member' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Could not log in as @sam_rivera: That member is no longer in the stand-in: choose another.');
    await waitFor(() => expect(within(member).queryByRole('option', { name: 'Sam Rivera (@sam_rivera)' })).not.toBeInTheDocument());
  });
});
