import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { getMockDb, server, TEST_API_BASE, useScenario } from '../../../mocks/testing/node';
import { MESSAGES } from '../../../contract/messages';
import { MODERATION_DEMO } from '../../../mocks/scenarios';
import { DEMO_CREDENTIALS, SEED_USER_IDS } from '../../../contract/seed/default';
import { LIMITS } from '../../../contract/limits';
import { renderWithProviders } from '../../test/renderWithProviders';
import { selectCurrentMember } from '../users/currentMember';

const MAYA = { username: 'maya_patel', password: DEMO_CREDENTIALS.password };

async function openAccount(authAs: { username: string; password: string } = DEMO_CREDENTIALS) {
  const view = await renderWithProviders({ route: '/settings/account', authAs });
  await screen.findByRole('heading', { name: 'Your account', level: 1 });
  return view;
}

const rulesForm = () => screen.findByRole('heading', { name: 'Network rules', level: 3 }).then((heading) => heading.closest('section')!);
const titles = () => screen.getAllByRole('textbox', { name: /^Title of rule \d+$/ }).map((field) => (field as HTMLInputElement).value);

/** Your account as the moderation scenario's admin, the rules form showing its three rules. */
async function openRules() {
  const view = await openAccount();
  await rulesForm();
  await waitFor(() => expect(titles()).toHaveLength(3));
  return view;
}

describe('Your account: Moderation, for an admin', () => {
  it('is shown to an admin, with the rules as kept and the staff', async () => {
    useScenario('moderation');
    await openAccount();
    expect(await screen.findByRole('heading', { name: 'Moderation', level: 2 })).toBeInTheDocument();
    await rulesForm();
    await waitFor(() => expect(titles()).toEqual(MODERATION_DEMO.rules.map((rule) => rule.title)));
    expect(screen.getByRole('textbox', { name: 'Description of rule 1 (optional)' })).toHaveValue(MODERATION_DEMO.rules[0].description);
    const staff = await screen.findByRole('list', { name: 'Admins and moderators' });
    expect(within(staff).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ava Reed @demo_userAdmin',
      'Maya Patel @maya_patelModeratorMake maya_patel a member again',
    ]);
  });

  it.each([
    ['a moderator', MAYA, 'moderator'],
    ['a member', { username: 'noah_kim', password: DEMO_CREDENTIALS.password }, 'member'],
  ] as const)('is not shown to %s', async (_who, authAs, role) => {
    useScenario('moderation');
    const { store } = await openAccount(authAs);
    // Their own record is in, with their role, and still no Moderation.
    await waitFor(() => expect(selectCurrentMember(store.getState())?.role).toBe(role));
    await screen.findByRole('radiogroup', { name: 'Who can quote your posts' });
    expect(screen.queryByRole('heading', { name: 'Moderation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save rules' })).not.toBeInTheDocument();
  });

  it('adds, edits, reorders and removes rules by buttons, then saves them in that order', async () => {
    useScenario('moderation');
    const { user } = await openRules();

    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    const fourth = screen.getByRole('textbox', { name: 'Title of rule 4' });
    expect(fourth).toHaveFocus();
    await user.type(fourth, 'Stay on topic');
    await user.click(screen.getByRole('button', { name: 'Move rule 4 up' }));
    expect(titles()).toEqual(['Be kind', 'Share what is yours', 'Stay on topic', 'No spam']);
    expect(screen.getByText('Rule 4 moved to position 3.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove rule 2' }));
    await user.clear(screen.getByRole('textbox', { name: 'Title of rule 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Title of rule 1' }), 'Be kind, always');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));

    expect(await screen.findByText('Rules saved.')).toBeInTheDocument();
    const kept = getMockDb().rules;
    expect(kept.map((rule) => rule.title)).toEqual(['Be kind, always', 'Stay on topic', 'No spam']);
    // The edited and the moved rules kept their ids; the new one has its own.
    expect(kept[0]?.id).toBe(MODERATION_DEMO.rules[0].id);
    expect(kept[2]?.id).toBe(MODERATION_DEMO.rules[2].id);
    expect(MODERATION_DEMO.rules.map((rule) => rule.id)).not.toContain(kept[1]?.id);
  });

  it('says what is wrong under its field before sending, and keeps everything typed', async () => {
    useScenario('moderation');
    const { user } = await openRules();
    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    await user.type(screen.getByRole('textbox', { name: 'Description of rule 4 (optional)' }), 'A rule with no title');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));

    const title = screen.getByRole('textbox', { name: 'Title of rule 4' });
    expect(title).toHaveAccessibleDescription(`Each rule needs a title of 1 to ${LIMITS.ruleTitleMax} characters.`);
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Description of rule 4 (optional)' })).toHaveValue('A rule with no title');
    expect(getMockDb().rules).toHaveLength(3);
  });

  it('keeps the drafts when the backend refuses, saying why', async () => {
    useScenario('moderation');
    const { user } = await openRules();
    // Made a member meanwhile, on the server's command line.
    const ava = getMockDb().users.get(SEED_USER_IDS.ava)!;
    delete ava.role;
    await user.type(screen.getByRole('textbox', { name: 'Title of rule 3' }), ', ever');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('Only an admin of this network can do this.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title of rule 3' })).toHaveValue('No spam, ever');
    expect(getMockDb().rules.map((rule) => rule.title)).toEqual(MODERATION_DEMO.rules.map((rule) => rule.title));
  });

  it('names a moderator by username and makes one a member again', async () => {
    useScenario('moderation');
    const { user } = await openAccount();
    const staff = await screen.findByRole('list', { name: 'Admins and moderators' });
    const field = screen.getByRole('textbox', { name: 'Username' });

    await user.type(field, 'nobody_here');
    await user.click(screen.getByRole('button', { name: 'Name moderator' }));
    expect(await screen.findByText('No member is named nobody_here.')).toBeInTheDocument();
    expect(field).toHaveValue('nobody_here');

    await user.clear(field);
    await user.type(field, 'Noah_Kim');
    await user.click(screen.getByRole('button', { name: 'Name moderator' }));
    expect(await screen.findByText('noah_kim is now a moderator.')).toBeInTheDocument();
    expect(getMockDb().users.get(SEED_USER_IDS.noah)?.role).toBe('moderator');
    await waitFor(() => expect(within(staff).getAllByRole('listitem')).toHaveLength(3));
    expect(field).toHaveValue('');

    await user.click(within(staff).getByRole('button', { name: 'Make maya_patel a member again' }));
    expect(await screen.findByText('maya_patel is a member again.')).toBeInTheDocument();
    await waitFor(() => expect(within(staff).queryByText('@maya_patel')).not.toBeInTheDocument());
    expect(getMockDb().users.get(SEED_USER_IDS.maya)?.role).toBeUndefined();
    expect(within(staff).queryByRole('button', { name: /demo_user/ })).not.toBeInTheDocument();
  });

  it('keeps the username typed and says why when the member cannot be looked up', async () => {
    useScenario('moderation');
    const { user } = await openAccount();
    await screen.findByRole('list', { name: 'Admins and moderators' });
    server.use(http.get(`${TEST_API_BASE}/users/search`, () => HttpResponse.json({ errors: [MESSAGES.serverError], code: 'server_error' }, { status: 500 })));
    const field = screen.getByRole('textbox', { name: 'Username' });
    await user.type(field, 'noah_kim');
    await user.click(screen.getByRole('button', { name: 'Name moderator' }));
    expect(await screen.findByText(MESSAGES.serverError)).toBeInTheDocument();
    expect(field).toHaveValue('noah_kim');
    expect(getMockDb().users.get(SEED_USER_IDS.noah)?.role).toBeUndefined();
    expect(screen.queryByText('noah_kim is now a moderator.')).not.toBeInTheDocument();
  });
});
