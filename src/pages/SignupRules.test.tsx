import { screen, waitFor, within } from '@testing-library/react';
import { currentPath, renderWithProviders } from '../test/renderWithProviders';
import { http, HttpResponse } from 'msw';
import { getMockDb, server, TEST_API_BASE, useScenario } from '../../mocks/testing/node';
import { API_EXTENSIONS } from '../../contract/api';
import { MODERATION_DEMO } from '../../mocks/scenarios';

type User = Awaited<ReturnType<typeof renderWithProviders>>['user'];

const RULES_HEADING = { name: 'Our rules', level: 2 } as const;
const AGREE = { name: 'I agree to follow these rules' } as const;

async function openSignup() {
  const view = await renderWithProviders({ route: '/signup' });
  await screen.findByRole('heading', { name: 'Create your account', level: 1 });
  return view;
}

async function fillAll(user: User) {
  await user.type(screen.getByLabelText('First Name'), 'Riley');
  await user.type(screen.getByLabelText('Last Name'), 'Stone');
  await user.type(screen.getByLabelText('Username'), 'riley_stone');
  await user.type(screen.getByLabelText('Email Address'), 'riley@example.com');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret1234');
  await user.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'secret1234');
  await user.click(screen.getByRole('checkbox', { name: 'I accept all Terms & Conditions' }));
}

function countSignupCalls() {
  const counter = { calls: 0 };
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith('/auth/signup')) counter.calls += 1;
  });
  return counter;
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Create New Account' }));

afterEach(() => {
  server.events.removeAllListeners();
});

describe("Signup: the network's rules", () => {
  it('lists the rules under "Our rules", in the admin\'s order, with a box to agree to them', async () => {
    useScenario('moderation');
    await openSignup();
    const section = (await screen.findByRole('heading', RULES_HEADING)).closest('section');
    expect(section).not.toBeNull();
    const items = within(section!).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(MODERATION_DEMO.rules.map((rule) => `${rule.title}${rule.description}`));
    expect(within(section!).getByRole('checkbox', AGREE)).not.toBeChecked();
  });

  it('creates no account until the newcomer agrees, saying so beside the box and keeping what was typed', async () => {
    useScenario('moderation');
    const counter = countSignupCalls();
    const { user, router } = await openSignup();
    await screen.findByRole('heading', RULES_HEADING);
    await fillAll(user);
    await submit(user);

    const agree = screen.getByRole('checkbox', AGREE);
    expect(agree).toHaveAccessibleDescription('Please agree to follow the rules to join.');
    expect(agree).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(agree).toHaveFocus());
    expect(counter.calls).toBe(0);
    expect(screen.getByLabelText('Username')).toHaveValue('riley_stone');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveValue('secret1234');
    expect(screen.getByRole('checkbox', { name: 'I accept all Terms & Conditions' })).toBeChecked();

    await user.click(agree);
    expect(agree).not.toHaveAttribute('aria-invalid');
    await submit(user);
    expect(await screen.findByText('Signed Up Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(getMockDb().findUserByUsername('riley_stone')).toBeDefined();
  });

  it('shows no rules, and asks for no agreement, where the network has none', async () => {
    const { user, router } = await openSignup();
    await fillAll(user);
    await submit(user);
    expect(await screen.findByText('Signed Up Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(screen.queryByRole('heading', RULES_HEADING)).not.toBeInTheDocument();
  });

  it('shows no rules from a backend without the moderation extension', async () => {
    // The network has rules, and would answer them; its health lists every extension but this one.
    getMockDb().rules = MODERATION_DEMO.rules.map((rule) => ({ ...rule }));
    server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: API_EXTENSIONS.filter((name) => name !== 'moderation'), demo: true })));
    let rulesAsked = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/rules')) rulesAsked += 1;
    });
    const health = new Promise<void>((resolve) => {
      server.events.on('response:mocked', ({ request }) => {
        if (request.url.endsWith('/health')) resolve();
      });
    });
    await openSignup();
    await health;
    // The health answer is in: a backend that lists no `moderation` is not asked for rules.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', RULES_HEADING)).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', AGREE)).not.toBeInTheDocument();
    expect(rulesAsked).toBe(0);
  });

  it('shows rules written after the page opened once the backend refuses, asking beside their box', async () => {
    const { user } = await openSignup();
    await fillAll(user);
    getMockDb().rules = MODERATION_DEMO.rules.map((rule) => ({ ...rule }));
    await submit(user);
    expect(await screen.findByRole('heading', RULES_HEADING)).toBeInTheDocument();
    const agree = screen.getByRole('checkbox', AGREE);
    expect(agree).toHaveAccessibleDescription('Please agree to follow the rules to join.');
    expect(getMockDb().findUserByUsername('riley_stone')).toBeUndefined();
    expect(screen.getByLabelText('First Name')).toHaveValue('Riley');
    await user.click(agree);
    await submit(user);
    expect(await screen.findByText('Signed Up Successfully!')).toBeInTheDocument();
  });
});
