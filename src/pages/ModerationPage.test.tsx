import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MESSAGES } from '../../contract/messages';
import { DEMO_CREDENTIALS, SEED_USER_IDS, seedPostId } from '../../contract/seed/default';
import { getMockDb, server, useScenario } from '../../mocks/testing/node';
import { currentPath, renderWithProviders } from '../test/renderWithProviders';
import { API } from '../test/posts';

const as = (username: string) => ({ username, password: DEMO_CREDENTIALS.password });
const entry = (name: string) => screen.findByRole('article', { name });

describe('/moderation', () => {
  beforeEach(() => {
    useScenario('moderation');
  });

  it('lists the open reports grouped by subject, the newest first, with the content as reported and its reports', async () => {
    await renderWithProviders({ route: '/moderation', authAs: as('maya_patel') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
    expect(await screen.findByText('4 open reports', { selector: 'p' })).toHaveAttribute('role', 'status');
    const articles = await screen.findAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual(['Member @zoe_martin', 'Post by @noah_kim', 'Post by @zoe_martin']);
    const noahs = await entry('Post by @noah_kim');
    expect(within(noahs).getByText('Reported 2 times')).toBeInTheDocument();
    expect(within(noahs).getByText('Fifty kilometres on the new bike path. My legs have opinions.')).toBeInTheDocument();
    const reports = within(within(noahs).getByRole('list', { name: 'Reports' })).getAllByRole('listitem');
    expect(reports[0]).toHaveTextContent('Reported by @demo_user');
    expect(reports[1]).toHaveTextContent('Rule: No spam');
    expect(reports[1]).toHaveTextContent('Same link in every post.');
    expect(within(noahs).getByRole('group', { name: 'Actions on Post by @noah_kim' })).toBeInTheDocument();
    // The navigation names the open count; a moderator reads no audit log.
    expect(screen.getByRole('link', { name: /^Moderation\s+4\s+4 open reports$/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Audit log' })).not.toBeInTheDocument();
  });

  it('asks for a reason in a dialog, keeps what was typed when refused, then removes the post', async () => {
    const { user } = await renderWithProviders({ route: '/moderation', authAs: as('maya_patel') });
    const noahs = await entry('Post by @noah_kim');
    await user.click(within(noahs).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove: Post by @noah_kim' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveFocus();
    // Nothing typed: said beside the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Write a reason: the member reads it.');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    // Refused once (too many requests): the words stay, and the refusal is said.
    server.use(http.post(`${API}/moderation/actions`, () => HttpResponse.json({ errors: [MESSAGES.tooManyRequests], code: 'too_many_requests' }, { status: 429 }), { once: true }));
    await user.type(reason, 'Advertising is not allowed.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Too many requests/);
    expect(reason).toHaveValue('Advertising is not allowed.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Post by @noah_kim' })).not.toBeInTheDocument());
    expect(getMockDb().posts.has(seedPostId(8))).toBe(false);
    expect(await screen.findByText('2 open reports', { selector: 'p' })).toHaveAttribute('role', 'status');
  });

  it('confirms Remove and Suspend with a destructive button, as every destructive confirmation, and the other actions without', async () => {
    const { user } = await renderWithProviders({ route: '/moderation', authAs: as('maya_patel') });
    const noahs = await entry('Post by @noah_kim');
    const looks = async (action: string) => {
      await user.click(within(noahs).getByRole('button', { name: action }));
      const dialog = await screen.findByRole('dialog', { name: `${action}: Post by @noah_kim` });
      const confirm = within(dialog).getByRole('button', { name: action });
      const destructive = confirm.classList.contains('button--danger');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      return destructive;
    };
    expect({ remove: await looks('Remove'), suspend: await looks('Suspend'), warn: await looks('Warn'), limit: await looks('Limit'), dismiss: await looks('Dismiss') })
      .toEqual({ remove: true, suspend: true, warn: false, limit: false, dismiss: false });
    expect(getMockDb().audit).toEqual([]);
  });

  it('suspends a member from the queue, then lists them among the limited and suspended, where the suspension is lifted', async () => {
    const { user } = await renderWithProviders({ route: '/moderation', authAs: as('maya_patel') });
    const restricted = await screen.findByRole('region', { name: 'Limited and suspended members' });
    expect(await within(restricted).findByText('No member is limited or suspended.')).toBeInTheDocument();
    await user.click(within(await entry('Member @zoe_martin')).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend: Member @zoe_martin' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Impersonating other members.');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    // Her report is resolved and she leaves the queue; nobody else sees her, but the moderators find her here.
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Member @zoe_martin' })).not.toBeInTheDocument());
    const zoe = await within(restricted).findByRole('listitem');
    expect(zoe).toHaveTextContent(/Zoe Martin\s*@zoe_martin\s*Suspended/);
    await user.click(within(within(zoe).getByRole('group', { name: 'Actions on Member @zoe_martin' })).getByRole('button', { name: 'Lift suspension' }));
    const lift = await screen.findByRole('dialog', { name: 'Lift suspension: Member @zoe_martin' });
    await user.type(within(lift).getByRole('textbox', { name: 'Reason' }), 'Appeal accepted.');
    await user.click(within(lift).getByRole('button', { name: 'Lift suspension' }));
    expect(await within(restricted).findByText('No member is limited or suspended.')).toBeInTheDocument();
    expect(getMockDb().users.get(SEED_USER_IDS.zoe)?.standing).toBeUndefined();
    expect(getMockDb().audit.map((action) => [action.action, action.reason])).toEqual([['suspend', 'Impersonating other members.'], ['unsuspend', 'Appeal accepted.']]);
  });

  it('says when the limited and suspended members could not be read, the queue still there, and lists them on Try again', async () => {
    let down = true;
    server.use(http.get(`${API}/moderation/restricted`, () => (down ? HttpResponse.json({ errors: [MESSAGES.serverError] }, { status: 500 }) : undefined)));
    const { router, user } = await renderWithProviders({ route: '/moderation', authAs: as('maya_patel') });
    const restricted = await screen.findByRole('region', { name: 'Limited and suspended members' });
    expect(await within(restricted).findByRole('alert')).toHaveTextContent('The limited and suspended members could not be loaded.');
    expect(await entry('Member @zoe_martin')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/moderation');
    expect(screen.queryByText(/reconnecting/)).not.toBeInTheDocument();

    down = false;
    await user.click(within(restricted).getByRole('button', { name: 'Try again' }));
    expect(await within(restricted).findByText('No member is limited or suspended.')).toBeInTheDocument();
  });

  it('closes the dialog on Escape without acting, focus back on its button', async () => {
    const { user } = await renderWithProviders({ route: '/moderation', authAs: as('maya_patel') });
    const zoe = await entry('Member @zoe_martin');
    const warn = within(zoe).getByRole('button', { name: 'Warn' });
    await user.click(warn);
    await user.type(await screen.findByRole('textbox', { name: 'Reason' }), 'Hm');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(warn).toHaveFocus();
    expect(getMockDb().audit).toEqual([]);
  });

  it('shows an admin the audit log, the newest first', async () => {
    const { user } = await renderWithProviders({ route: '/moderation', authAs: DEMO_CREDENTIALS });
    const zoe = await entry('Member @zoe_martin');
    await user.click(within(zoe).getByRole('button', { name: 'Dismiss' }));
    await user.type(await screen.findByRole('textbox', { name: 'Reason' }), 'Not impersonation.');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Dismiss' }));
    const log = await screen.findByRole('region', { name: 'Audit log' });
    expect(await within(log).findByText(/@demo_user · Dismiss · @zoe_martin/)).toBeInTheDocument();
    expect(within(log).getByText('Not impersonation.')).toBeInTheDocument();
  });

  it('tells a member the page is not for them, and shows them no link to it', async () => {
    await renderWithProviders({ route: '/moderation', authAs: as('zoe_martin') });
    expect(await screen.findByText('Only moderators and admins of this network can see this page.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Moderation/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
