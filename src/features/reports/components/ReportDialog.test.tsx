import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API_EXTENSIONS } from '../../../../contract/api';
import { errorBody } from '../../../../contract/errors';
import { LIMITS } from '../../../../contract/limits';
import { MESSAGE_STATUS, type MessageKey } from '../../../../contract/messages';
import { DEMO_CREDENTIALS, DEMO_USER_ID, SEED_USER_IDS, seedPostId } from '../../../../contract/seed/default';
import { MODERATION_DEMO } from '../../../../mocks/scenarios';
import { getMockDb, server, TEST_API_BASE, useScenario } from '../../../../mocks/testing/node';
import { liamsCardOnExplore } from '../../../test/explore';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { activateLanguage } from '../../../i18n/i18n';
import { reportsApi } from '../reportsApi';

const SENT = 'Thanks — your report was sent to the moderators.';
/** Liam's newest post: his first card on Explore. */
const LIAMS_POST = seedPostId(19);

/** The report dialog of Liam's first post on Explore, opened from its ⋯ menu. */
async function openReport() {
  const view = await liamsCardOnExplore();
  await view.user.click(view.more);
  await view.user.click(await within(view.card).findByRole('button', { name: 'Report post' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report a post by Liam Chen' });
  return { ...view, dialog };
}

const reports = () => [...getMockDb().reports.values()];

/** The backend refuses every report with `key`. */
function refuseWith(key: MessageKey): void {
  server.use(http.post(`${TEST_API_BASE}/reports`, () => HttpResponse.json(errorBody(key), { status: MESSAGE_STATUS[key] })));
}

describe('reporting to the moderators', () => {
  it('reports a post from its menu with a reason and a comment, mutes its author, and says thanks', async () => {
    const { user, dialog } = await openReport();
    const group = within(dialog).getByRole('radiogroup', { name: 'Why are you reporting this?' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Spam', 'Abuse or harassment', 'Illegal content', 'Something else']);
    await user.click(within(group).getByRole('radio', { name: 'Abuse or harassment' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Anything the moderators should know? (optional)' }), 'Insults in every reply.');
    expect(within(dialog).getByText(`${(LIMITS.reportCommentMax - 23).toLocaleString('en-US')} characters left`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also mute @liam_chen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(await screen.findByText(/You muted Liam Chen\./)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reports()).toEqual([expect.objectContaining({ reporterId: DEMO_USER_ID, about: { kind: 'post', id: LIAMS_POST }, reason: 'abuse', comment: 'Insults in every reply.', status: 'open' })]);
    await waitFor(() => expect(getMockDb().users.get(DEMO_USER_ID)?.muting).toEqual([SEED_USER_IDS.liam]));
  });

  it('asks for a reason before sending, and sends nothing meanwhile', async () => {
    const { user, dialog } = await openReport();
    await user.type(within(dialog).getByRole('textbox', { name: /Anything the moderators/ }), 'Odd.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Choose a reason.')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Spam' })).toHaveFocus();
    expect(reports()).toEqual([]);
    expect(within(dialog).getByRole('textbox', { name: /Anything the moderators/ })).toHaveValue('Odd.');
  });

  it('shows the limit of a comment, and will not send one over it', async () => {
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    const comment = within(dialog).getByRole('textbox', { name: /Anything the moderators/ });
    await user.click(comment);
    await user.paste('x'.repeat(LIMITS.reportCommentMax + 2));
    expect(within(dialog).getByText('2 characters over the limit')).toBeInTheDocument();
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeDisabled();
    expect(reports()).toEqual([]);
  });

  it.each([
    ['alreadyReported', 'You already reported this, and your report is still open. The moderators will look at it.'],
    ['reportCommentTooLong', "A report's comment can be at most 1,000 characters long."],
    ['postNotFound', 'Post not found.'],
    ['reportReasonInvalid', 'Reason must be spam, abuse, illegal or other.'],
  ] as const)('stays open with what was typed when the backend refuses it (%s), and says why', async (key, words) => {
    refuseWith(key);
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Illegal content' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Anything the moderators/ }), 'Sells stolen cards.');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also block @liam_chen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(words);
    expect(within(dialog).getByRole('radio', { name: 'Illegal content' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /Anything the moderators/ })).toHaveValue('Sells stolen cards.');
    expect(within(dialog).getByRole('checkbox', { name: 'Also block @liam_chen' })).toBeChecked();
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
    // Nobody was blocked for a report that did not go.
    expect(getMockDb().users.get(DEMO_USER_ID)?.blocking).toBeUndefined();
  });

  it('says a second report of the same open thing was already reported, as the stand-in answers it', async () => {
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();

    const card = screen.getAllByRole('article').find((article) => within(article).queryByText('@liam_chen'))!;
    await user.click(within(card).getByRole('button', { name: 'More about Liam Chen' }));
    await user.click(await within(card).findByRole('button', { name: 'Report post' }));
    const again = await screen.findByRole('dialog', { name: 'Report a post by Liam Chen' });
    await user.click(within(again).getByRole('radio', { name: 'Something else' }));
    await user.click(within(again).getByRole('button', { name: 'Send report' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent('You already reported this');
    expect(reports()).toHaveLength(1);
  });

  it('keeps everything typed when the connection is lost, and sends it on the next try', async () => {
    server.use(http.post(`${TEST_API_BASE}/reports`, () => HttpResponse.error(), { once: true }));
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Anything the moderators/ }), 'Same link in every post.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your report was not sent. Check your connection and try again.');
    expect(within(dialog).getByRole('textbox', { name: /Anything the moderators/ })).toHaveValue('Same link in every post.');

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(reports()).toEqual([expect.objectContaining({ reason: 'spam', comment: 'Same link in every post.' })]);
  });

  it('cancels without sending, the focus back on the menu it came from', async () => {
    const { user, dialog, more } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reports()).toEqual([]);
    await waitFor(() => expect(more).toHaveFocus());
  });

  it('reports a member from their profile, and blocks them too', async () => {
    const { user } = await renderWithProviders({ route: `/users/${SEED_USER_IDS.zoe}`, authAs: DEMO_CREDENTIALS });
    await user.click(await screen.findByRole('button', { name: 'Report Zoe Martin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Zoe Martin' });
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also block @zoe_martin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(await screen.findByText('You blocked Zoe Martin.')).toBeInTheDocument();
    expect(reports()).toEqual([expect.objectContaining({ about: { kind: 'member', id: SEED_USER_IDS.zoe }, reason: 'other', comment: '' })]);
  });

  it('reports a reply from its card', async () => {
    getMockDb().replies.set('r-report-1', {
      id: 'r-report-1', postId: seedPostId(5), authorId: SEED_USER_IDS.noah, content: 'Buy followers here', replyToId: null, replyToAuthorId: null, likedBy: [], createdAt: '2025-06-01T09:00:00.000Z',
    });
    const { user } = await renderWithProviders({ route: `/posts/${seedPostId(5)}`, authAs: DEMO_CREDENTIALS });
    const reply = (await screen.findByText('Buy followers here', {}, { timeout: 10_000 })).closest('article')!;
    await user.click(within(reply).getByRole('button', { name: 'Report reply by Noah Kim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a reply by Noah Kim' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(reports()).toEqual([expect.objectContaining({ about: { kind: 'reply', id: 'r-report-1' }, reason: 'spam' })]);
  });

  it('offers no Report where the backend does not list moderation', async () => {
    server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: API_EXTENSIONS.filter((name) => name !== 'moderation') })));
    const { user, card, more } = await liamsCardOnExplore();
    await user.click(more);
    expect(await within(card).findByRole('button', { name: 'Mute @liam_chen' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Report post' })).not.toBeInTheDocument();
  });

  it('offers Report alone in the menu where the backend has moderation but not mute and block', async () => {
    server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: API_EXTENSIONS.filter((name) => name !== 'mute-block') })));
    const { user, card, more } = await liamsCardOnExplore();
    await user.click(more);
    await user.click(await within(card).findByRole('button', { name: 'Report post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a post by Liam Chen' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Mute @liam_chen' })).not.toBeInTheDocument();
  });

  it('speaks German', async () => {
    await activateLanguage('de');
    const { user } = await renderWithProviders({ route: `/users/${SEED_USER_IDS.zoe}`, authAs: DEMO_CREDENTIALS });
    await user.click(await screen.findByRole('button', { name: 'Zoe Martin melden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zoe Martin melden' });
    expect(within(dialog).getByRole('radiogroup', { name: 'Warum meldest du das?' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Meldung senden' }));
    expect(within(dialog).getByText('Wähle einen Grund.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Beleidigung oder Belästigung' }));
    await user.click(within(dialog).getByRole('button', { name: 'Meldung senden' }));
    expect(await screen.findByText('Danke – deine Meldung wurde an die Moderation gesendet.')).toBeInTheDocument();
  });
});

describe("naming the network's rule a report is about", () => {
  const RULE = 'Which rule does it break?';
  const [BE_KIND, , NO_SPAM] = MODERATION_DEMO.rules;
  /** The reports of Liam's post: the `moderation` scenario starts with reports of others. */
  const reportsOfLiamsPost = () => reports().filter((report) => report.about.id === LIAMS_POST);

  /** Whether the dialog's read of the rules has come back, as `outcome`. */
  const rulesRead = (store: Awaited<ReturnType<typeof openReport>>['store'], outcome: 'isSuccess' | 'isError') =>
    waitFor(() => expect(reportsApi.endpoints.getRulesToCite.select()(store.getState())[outcome]).toBe(true));

  it('offers the rules, "No particular rule" first and chosen, and sends the one chosen; the queue names it', async () => {
    useScenario('moderation');
    const { user, dialog } = await openReport();
    const picker = await within(dialog).findByRole('combobox', { name: RULE });
    expect(picker).toHaveDisplayValue('No particular rule');
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['No particular rule', 'Be kind', 'Share what is yours', 'No spam']);
    await user.click(within(dialog).getByRole('radio', { name: 'Abuse or harassment' }));
    await user.selectOptions(picker, 'Be kind');
    // The rule's description says what it asks.
    expect(picker).toHaveAccessibleDescription(BE_KIND.description);
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(reportsOfLiamsPost()).toEqual([expect.objectContaining({ about: { kind: 'post', id: LIAMS_POST }, reason: 'abuse', rule: { id: BE_KIND.id, title: BE_KIND.title } })]);
  });

  it('sends no rule when the reporter leaves "No particular rule"', async () => {
    useScenario('moderation');
    const { user, dialog } = await openReport();
    await within(dialog).findByRole('combobox', { name: RULE });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    const [sent] = reportsOfLiamsPost();
    expect(sent).toEqual(expect.objectContaining({ about: { kind: 'post', id: LIAMS_POST }, reason: 'spam' }));
    expect(sent?.rule).toBeUndefined();
  });

  it('keeps the reason, the comment and the rule when the call fails, and sends them on the next try', async () => {
    useScenario('moderation');
    server.use(http.post(`${TEST_API_BASE}/reports`, () => HttpResponse.error(), { once: true }));
    const { user, dialog } = await openReport();
    const picker = await within(dialog).findByRole('combobox', { name: RULE });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.selectOptions(picker, 'No spam');
    await user.type(within(dialog).getByRole('textbox', { name: /Anything the moderators/ }), 'A link in every post.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your report was not sent. Check your connection and try again.');
    expect(within(dialog).getByRole('radio', { name: 'Spam' })).toBeChecked();
    expect(picker).toHaveDisplayValue('No spam');
    expect(within(dialog).getByRole('textbox', { name: /Anything the moderators/ })).toHaveValue('A link in every post.');
    expect(reportsOfLiamsPost()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(reportsOfLiamsPost()).toEqual([expect.objectContaining({ reason: 'spam', comment: 'A link in every post.', rule: { id: NO_SPAM.id, title: NO_SPAM.title } })]);
  });

  it('says so beside the rules when the rule chosen was removed meanwhile, and offers the rules as they are now', async () => {
    useScenario('moderation');
    const { user, dialog } = await openReport();
    const picker = await within(dialog).findByRole('combobox', { name: RULE });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.selectOptions(picker, 'No spam');
    await user.type(within(dialog).getByRole('textbox', { name: /Anything the moderators/ }), 'Same link.');
    // An admin removes the rule while the dialog is open.
    getMockDb().rules = getMockDb().rules.filter((rule) => rule.id !== NO_SPAM.id);
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent("That rule is no longer one of the network's rules. Choose another one, or no particular rule.");
    expect(picker).toHaveFocus();
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(picker).toHaveAccessibleDescription(alert.textContent ?? '');
    await waitFor(() => expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['No particular rule', 'Be kind', 'Share what is yours']));
    expect(picker).toHaveDisplayValue('No particular rule');
    expect(within(dialog).getByRole('radio', { name: 'Spam' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /Anything the moderators/ })).toHaveValue('Same link.');
    expect(reportsOfLiamsPost()).toEqual([]);

    await user.selectOptions(picker, 'Be kind');
    expect(picker).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(reportsOfLiamsPost()).toEqual([expect.objectContaining({ reason: 'spam', comment: 'Same link.', rule: { id: BE_KIND.id, title: BE_KIND.title } })]);
  });

  it('offers no rule where the network has none', async () => {
    const { store, dialog } = await openReport();
    await rulesRead(store, 'isSuccess');
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(RULE)).not.toBeInTheDocument();
  });

  it('offers no rule, and says nothing of it, when the rules cannot be read; the report still goes', async () => {
    useScenario('moderation');
    server.use(http.get(`${TEST_API_BASE}/rules`, () => HttpResponse.json(errorBody('serverError'), { status: 500 })));
    const { user, store, dialog } = await openReport();
    await rulesRead(store, 'isError');
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
    expect(reportsOfLiamsPost()).toEqual([expect.objectContaining({ reason: 'spam' })]);
  });

  it('speaks Arabic', async () => {
    useScenario('moderation');
    await activateLanguage('ar');
    const { user } = await renderWithProviders({ route: `/users/${SEED_USER_IDS.zoe}`, authAs: DEMO_CREDENTIALS });
    await user.click(await screen.findByRole('button', { name: 'الإبلاغ عن Zoe Martin' }));
    const dialog = await screen.findByRole('dialog', { name: 'الإبلاغ عن Zoe Martin' });
    const picker = await within(dialog).findByRole('combobox', { name: 'أيّ قاعدة يخالفها هذا؟' });
    expect(picker).toHaveDisplayValue('لا قاعدة بعينها');
  });
});
