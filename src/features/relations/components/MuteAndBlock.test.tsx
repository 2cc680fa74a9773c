import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API_EXTENSIONS } from '../../../../contract/api';
import { DEMO_CREDENTIALS, SEED_USER_IDS } from '../../../../contract/seed/default';
import { getMockDb, server, TEST_API_BASE } from '../../../../mocks/testing/node';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { activateLanguage } from '../../../i18n/i18n';

const header = (name: string) => screen.getByRole('region', { name });

/** The first card on Explore by the member with this handle. */
async function cardBy(handle: string): Promise<HTMLElement> {
  const feed = await screen.findByRole('feed');
  const card = (await within(feed).findAllByRole('article')).find((article) => within(article).queryByText(handle));
  if (!card) throw new Error(`Explore shows no post by ${handle}`);
  return card;
}

async function openProfile(userId: string) {
  const view = await renderWithProviders({ route: `/users/${userId}`, authAs: DEMO_CREDENTIALS });
  await screen.findByRole('heading', { level: 1, name: /Reed|Chen|Patel|Kim|Martin/ });
  return view;
}

describe('mute and block', () => {
  it('mutes a member from their profile, then unmutes them from the same place', async () => {
    const { user } = await openProfile(SEED_USER_IDS.liam);
    await user.click(await within(header('Liam Chen')).findByRole('button', { name: 'Mute Liam Chen' }));
    expect(await screen.findByText(/You muted Liam Chen\./)).toBeInTheDocument();
    expect(await within(header('Liam Chen')).findByRole('button', { name: 'Unmute Liam Chen' })).toBeInTheDocument();
    expect(getMockDb().users.get(SEED_USER_IDS.ava)?.muting).toEqual([SEED_USER_IDS.liam]);

    await user.click(within(header('Liam Chen')).getByRole('button', { name: 'Unmute Liam Chen' }));
    expect(await screen.findByText('You unmuted Liam Chen.')).toBeInTheDocument();
    expect(await within(header('Liam Chen')).findByRole('button', { name: 'Mute Liam Chen' })).toBeInTheDocument();
  });

  it('asks before blocking; Cancel changes nothing, Block shows the profile as blocked with Unblock', async () => {
    const { user } = await openProfile(SEED_USER_IDS.liam);
    await user.click(await within(header('Liam Chen')).findByRole('button', { name: 'Block Liam Chen' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Liam Chen?' });
    expect(dialog).toHaveTextContent(/neither of you will see the other's posts/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getMockDb().users.get(SEED_USER_IDS.ava)?.blocking).toBeUndefined();

    await user.click(within(header('Liam Chen')).getByRole('button', { name: 'Block Liam Chen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Block Liam Chen?' })).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('You blocked Liam Chen.')).toBeInTheDocument();
    expect(await screen.findByText(/You blocked @liam_chen\./)).toBeInTheDocument();
    expect(screen.queryByRole('feed', { name: 'Posts by Liam Chen' })).not.toBeInTheDocument();
    // The follows both ways ended.
    expect(getMockDb().users.get(SEED_USER_IDS.ava)?.following).not.toContain(SEED_USER_IDS.liam);
    expect(getMockDb().users.get(SEED_USER_IDS.liam)?.following).not.toContain(SEED_USER_IDS.ava);

    await user.click(screen.getByRole('button', { name: 'Unblock Liam Chen' }));
    expect(await screen.findByText('You unblocked Liam Chen.')).toBeInTheDocument();
    expect(await screen.findByRole('feed', { name: 'Posts by Liam Chen' })).toBeInTheDocument();
    expect(within(header('Liam Chen')).getByRole('button', { name: 'Follow Liam Chen' })).toBeInTheDocument();
  });

  it('shows a member who blocked you as not found', async () => {
    getMockDb().users.get(SEED_USER_IDS.liam)!.blocking = [SEED_USER_IDS.ava];
    await renderWithProviders({ route: `/users/${SEED_USER_IDS.liam}`, authAs: DEMO_CREDENTIALS });
    expect(await screen.findByText('No member has this address. They may have left, or the link is mistyped.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Unblock/ })).not.toBeInTheDocument();
  });

  it('mutes from a post\'s menu, and their posts leave Explore', async () => {
    const { user } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    const feed = await screen.findByRole('feed');
    const liamsCard = (await within(feed).findAllByRole('article')).find((card) => within(card).queryByText('@liam_chen'));
    if (!liamsCard) throw new Error('Explore shows no post by Liam');
    await user.click(await within(liamsCard).findByRole('button', { name: 'More about Liam Chen' }));
    await user.click(await within(liamsCard).findByRole('button', { name: 'Mute @liam_chen' }));
    expect(await screen.findByText(/You muted Liam Chen\./)).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('feed')).queryByText('@liam_chen')).not.toBeInTheDocument());
    expect(within(screen.getByRole('feed')).getAllByText('@maya_patel').length).toBeGreaterThan(0);
  });

  it('shows a post\'s menu whole once it knows where the member stands: no item moves under the pointer', async () => {
    // The muted list answers only when the test says: until then the menu says it is loading, and
    // offers nothing, not even Report (which would move down once Mute and Block came above it).
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => { answer = resolve; });
    server.use(http.get(`${TEST_API_BASE}/users/muted`, async () => {
      await answered;
      return HttpResponse.json({ users: [], nextCursor: null });
    }, { once: true }));
    const { user } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    const liamsCard = await cardBy('@liam_chen');
    await user.click(await within(liamsCard).findByRole('button', { name: 'More about Liam Chen' }));
    expect(await within(liamsCard).findByRole('status')).toHaveTextContent('Loading…');
    expect(within(liamsCard).queryByRole('button', { name: /Mute|Block|Report post/ })).not.toBeInTheDocument();

    answer();
    const items = await within(liamsCard).findAllByRole('button', { name: /@liam_chen|Report post/ });
    expect(items.map((item) => item.textContent)).toEqual(['Mute @liam_chen', 'Block @liam_chen', 'Report post']);
    expect(within(liamsCard).queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('keeps Report in a post\'s menu when Mute and Block could not load, and asks again when it opens again', async () => {
    server.use(http.get(`${TEST_API_BASE}/users/blocked`, () => HttpResponse.json({ errors: ['Something went wrong on our side.'], code: 'server_error' }, { status: 500 }), { once: true }));
    const { user } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
    const liamsCard = await cardBy('@liam_chen');
    const more = await within(liamsCard).findByRole('button', { name: 'More about Liam Chen' });
    await user.click(more);
    expect(await within(liamsCard).findByText('Mute and Block could not load. Open this menu again to try again.')).toBeInTheDocument();
    expect(within(liamsCard).getByRole('button', { name: 'Report post' })).toBeInTheDocument();
    expect(within(liamsCard).queryByRole('button', { name: /@liam_chen/ })).not.toBeInTheDocument();
    // The page stays: the failure is the menu's alone.
    expect(screen.getByRole('heading', { level: 1, name: 'Explore' })).toBeInTheDocument();

    await user.click(more);
    await user.click(more);
    expect(await within(liamsCard).findByRole('button', { name: 'Mute @liam_chen' })).toBeInTheDocument();
    expect(within(liamsCard).getByRole('button', { name: 'Block @liam_chen' })).toBeInTheDocument();
    expect(within(liamsCard).queryByText(/could not load/)).not.toBeInTheDocument();
  });

  describe('a member who mutes or blocks more than a page of the list holds', () => {
    /** The member's summary, as a list answers it. */
    const summary = (id: string) => {
      const member = getMockDb().users.get(id)!;
      return { _id: member.id, username: member.username, firstName: member.firstName, lastName: member.lastName, image: '' };
    };
    /**
     * A list whose first page holds Noah and says more follow; every later page asked for is
     * counted, as is each call for where the member stands with one other (failing once when told).
     */
    function longList(list: 'muted' | 'blocked', { oneFailsOnce = false } = {}) {
      const asked = { laterPages: 0, oneMember: [] as string[] };
      let failed = false;
      server.use(
        http.get(`${TEST_API_BASE}/users/${list}`, ({ request }) => {
          if (new URL(request.url).searchParams.has('cursor')) asked.laterPages += 1;
          return HttpResponse.json({ users: [summary(SEED_USER_IDS.noah)], nextCursor: 'after-noah' });
        }),
        http.get(`${TEST_API_BASE}/users/relation/:userId`, ({ params }) => {
          asked.oneMember.push(String(params.userId));
          if (oneFailsOnce && !failed) {
            failed = true;
            return HttpResponse.json({ errors: ['Something went wrong on our side.'], code: 'server_error' }, { status: 500 });
          }
          return undefined;
        }),
      );
      return asked;
    }

    it('asks where they stand with a member past the first page in one call: the profile offers Unmute', async () => {
      getMockDb().users.get(SEED_USER_IDS.ava)!.muting = [SEED_USER_IDS.noah, SEED_USER_IDS.liam];
      const asked = longList('muted');
      await openProfile(SEED_USER_IDS.liam);
      expect(await within(header('Liam Chen')).findByRole('button', { name: 'Unmute Liam Chen' })).toBeInTheDocument();
      expect(within(header('Liam Chen')).queryByRole('button', { name: 'Mute Liam Chen' })).not.toBeInTheDocument();
      expect(asked.oneMember).toContain(SEED_USER_IDS.liam);
      expect(asked.laterPages).toBe(0);
    });

    it('finds the member blocked past the first page: their profile shows them blocked, with Unblock', async () => {
      getMockDb().users.get(SEED_USER_IDS.ava)!.blocking = [SEED_USER_IDS.noah, SEED_USER_IDS.liam];
      longList('blocked');
      await renderWithProviders({ route: `/users/${SEED_USER_IDS.liam}`, authAs: DEMO_CREDENTIALS });
      expect(await screen.findByText(/You blocked @liam_chen\./)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Unblock Liam Chen' })).toBeInTheDocument();
    });

    it('says so in a post\'s menu when that call fails, and asks again when the menu opens again', async () => {
      getMockDb().users.get(SEED_USER_IDS.ava)!.muting = [SEED_USER_IDS.noah, SEED_USER_IDS.liam];
      const asked = longList('muted', { oneFailsOnce: true });
      const { user } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
      const mayasCard = await cardBy('@maya_patel');
      const more = await within(mayasCard).findByRole('button', { name: 'More about Maya Patel' });
      await user.click(more);
      expect(await within(mayasCard).findByText('Mute and Block could not load. Open this menu again to try again.')).toBeInTheDocument();
      expect(within(mayasCard).queryByRole('button', { name: /@maya_patel/ })).not.toBeInTheDocument();

      await user.click(more);
      await user.click(more);
      expect(await within(mayasCard).findByRole('button', { name: 'Mute @maya_patel' })).toBeInTheDocument();
      expect(within(mayasCard).getByRole('button', { name: 'Block @maya_patel' })).toBeInTheDocument();
      expect(asked).toEqual({ laterPages: 0, oneMember: [SEED_USER_IDS.maya, SEED_USER_IDS.maya] });
    });

    it('reads a short list once for every menu: no call for one member', async () => {
      getMockDb().users.get(SEED_USER_IDS.ava)!.muting = [SEED_USER_IDS.noah];
      const asked = { oneMember: 0 };
      server.use(http.get(`${TEST_API_BASE}/users/relation/:userId`, () => {
        asked.oneMember += 1;
        return undefined;
      }));
      const { user } = await renderWithProviders({ route: '/explore', authAs: DEMO_CREDENTIALS });
      const mayasCard = await cardBy('@maya_patel');
      await user.click(await within(mayasCard).findByRole('button', { name: 'More about Maya Patel' }));
      expect(await within(mayasCard).findByRole('button', { name: 'Mute @maya_patel' })).toBeInTheDocument();
      expect(asked.oneMember).toBe(0);
    });
  });

  it('says on a profile when Mute and Block could not load, and brings them with Try again', async () => {
    server.use(http.get(`${TEST_API_BASE}/users/muted`, () => HttpResponse.json({ errors: ['Something went wrong on our side.'], code: 'server_error' }, { status: 500 }), { once: true }));
    const { user } = await openProfile(SEED_USER_IDS.liam);
    expect(await within(header('Liam Chen')).findByText('Mute and Block could not load.')).toBeInTheDocument();
    expect(within(header('Liam Chen')).queryByRole('button', { name: /Mute|Block/ })).not.toBeInTheDocument();
    // The rest of the profile stays.
    expect(within(header('Liam Chen')).getByRole('button', { name: 'Unfollow Liam Chen' })).toBeInTheDocument();

    await user.click(within(header('Liam Chen')).getByRole('button', { name: 'Try again' }));
    expect(await within(header('Liam Chen')).findByRole('button', { name: 'Mute Liam Chen' })).toBeInTheDocument();
    expect(within(header('Liam Chen')).getByRole('button', { name: 'Block Liam Chen' })).toBeInTheDocument();
    expect(within(header('Liam Chen')).queryByText('Mute and Block could not load.')).not.toBeInTheDocument();
  });

  it('lists the muted and blocked members on the settings page, each undone there', async () => {
    getMockDb().users.get(SEED_USER_IDS.ava)!.muting = [SEED_USER_IDS.noah];
    getMockDb().users.get(SEED_USER_IDS.ava)!.blocking = [SEED_USER_IDS.zoe];
    const { user } = await renderWithProviders({ route: '/', authAs: DEMO_CREDENTIALS });
    await user.click(await screen.findByRole('link', { name: 'Muted and blocked' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Muted and blocked' })).toBeInTheDocument();
    // Each list is its own call, answered in either order: wait for both.
    const muted = await screen.findByRole('list', { name: 'Muted members' });
    const blocked = await screen.findByRole('list', { name: 'Blocked members' });
    expect(within(muted).getByText('@noah_kim')).toBeInTheDocument();
    expect(within(blocked).getByText('@zoe_martin')).toBeInTheDocument();

    await user.click(within(blocked).getByRole('button', { name: 'Unblock Zoe Martin' }));
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
    await user.click(within(muted).getByRole('button', { name: 'Unmute Noah Kim' }));
    expect(await screen.findByText('You have not muted anyone.')).toBeInTheDocument();
  });

  it('speaks Polish on the settings page, in a post\'s menu and in the question before a block', async () => {
    await activateLanguage('pl');
    getMockDb().users.get(SEED_USER_IDS.ava)!.muting = [SEED_USER_IDS.noah];
    const { user } = await renderWithProviders({ route: '/settings/muted-and-blocked', authAs: DEMO_CREDENTIALS });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wyciszeni i zablokowani' })).toBeInTheDocument();
    const muted = await screen.findByRole('list', { name: 'Wyciszeni członkowie' });
    expect(await screen.findByText('Nikogo nie zablokowano.')).toBeInTheDocument();
    await user.click(within(muted).getByRole('button', { name: 'Wyłącz wyciszenie: Noah Kim' }));
    expect(await screen.findByText('Wyłączono wyciszenie: Noah Kim.')).toBeInTheDocument();
    expect(await screen.findByText('Nikogo nie wyciszono.')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Odkrywaj' }));
    const feed = await screen.findByRole('feed');
    const liamsCard = (await within(feed).findAllByRole('article')).find((card) => within(card).queryByText('@liam_chen'));
    if (!liamsCard) throw new Error('Explore shows no post by Liam');
    await user.click(await within(liamsCard).findByRole('button', { name: 'Więcej o: Liam Chen' }));
    await user.click(await within(liamsCard).findByRole('button', { name: 'Zablokuj @liam_chen' }));
    const dialog = screen.getByRole('dialog', { name: 'Zablokować: Liam Chen?' });
    expect(dialog).toHaveTextContent('Ta osoba nie dostanie powiadomienia.');
    expect(within(dialog).getByRole('button', { name: 'Nie blokuj: Liam Chen' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Zablokuj' }));
    expect(await screen.findByText('Zablokowano: Liam Chen.')).toBeInTheDocument();
  });

  it('keeps a failed block from changing anything, with the backend\'s message', async () => {
    server.use(http.post(`${TEST_API_BASE}/users/block/:userId`, () => HttpResponse.json({ errors: ['The service is unavailable right now. Please try again in a moment.'], code: 'service_unavailable' }, { status: 503 })));
    const { user } = await openProfile(SEED_USER_IDS.liam);
    await user.click(await within(header('Liam Chen')).findByRole('button', { name: 'Block Liam Chen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Block Liam Chen?' })).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText(/The service is unavailable right now/)).toBeInTheDocument();
    expect(within(header('Liam Chen')).getByRole('button', { name: 'Block Liam Chen' })).toBeInTheDocument();
    expect(screen.queryByText('You blocked Liam Chen.')).not.toBeInTheDocument();
  });

  it('offers neither mute nor block, nor the settings link, nor a post\'s menu, on a backend without them or reports', async () => {
    server.use(http.get(`${TEST_API_BASE}/health`, () => HttpResponse.json({ status: 'ok', extensions: API_EXTENSIONS.filter((name) => name !== 'mute-block' && name !== 'moderation') })));
    await openProfile(SEED_USER_IDS.liam);
    expect(await screen.findByRole('feed', { name: 'Posts by Liam Chen' })).toBeInTheDocument();
    expect(within(header('Liam Chen')).getByRole('button', { name: 'Unfollow Liam Chen' })).toBeInTheDocument();
    expect(within(header('Liam Chen')).queryByRole('button', { name: /Mute|Block/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Muted and blocked' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /More about/ })).not.toBeInTheDocument();
  });
});
