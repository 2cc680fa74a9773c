import { test, expect, openWithFaults } from './fixtures';
import {
  DEMO,
  expectNoLoader,
  expectToast,
  isPhone,
  login,
  logout,
  MEMBERS,
  navigateTo,
  postCard,
  postCards,
  SEED_TEXT,
  sidePanel,
  signUp,
  submitLogin,
  topBarSearch,
  urlPath,
} from './helpers';
import type { Page } from '@playwright/test';

function counts(page: Page) {
  return page.getByRole('list', { name: 'Connections' });
}

test.describe('People with long names', { tag: ['@server'] }, () => {
  test("'Who to follow?' and the search show a long name and handle whole", { tag: ['@phone'] }, async ({ page }, testInfo) => {
    const long = {
      firstName: 'Bartholomew-Alexander', lastName: 'Featherstonehaugh-Worthington', username: 'bartholomew_featherstonehaugh',
      email: 'bart@example.com', password: 'long-names-99',
    };
    await signUp(page, long);
    await logout(page);
    await login(page);

    // Phones have no side panel: the top bar's search lists people the same way.
    const name = `${long.firstName} ${long.lastName}`;
    let list = sidePanel(page).getByRole('region', { name: 'Who to follow?' });
    if (isPhone(testInfo)) {
      await topBarSearch(page).fill('Bartholomew');
      list = page.getByRole('banner');
    }
    const entry = list.getByRole('link', { name: new RegExp(name) });
    for (const text of [name, `@${long.username}`]) {
      const shown = entry.getByText(text, { exact: true });
      await expect(shown).toBeVisible();
      const cut = await shown.evaluate((element) => element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
      expect(cut, `"${text}" is cut short`).toBe(false);
    }
  });
});

test.describe('People', { tag: ['@server'] }, () => {
  test.beforeEach(async ({ page }) => {
    await login(page);
  });

  test("search matches first or last names, case-insensitively, or says 'No User Found'", async ({ page }) => {
    const search = topBarSearch(page);
    await expect(search).toHaveAttribute('placeholder', 'Search People...');
    await search.fill('MA');
    const found = page.getByRole('banner').getByRole('list', { name: 'People found' });
    await expect(found.getByRole('listitem')).toHaveCount(2);
    await expect(found.getByRole('link', { name: /Maya Patel/ })).toBeVisible();
    await expect(found.getByRole('link', { name: /Zoe Martin/ })).toBeVisible();
    await expect(found.getByRole('button', { name: 'Follow Zoe Martin' })).toBeVisible();
    await expect(found.getByRole('button', { name: 'Unfollow Maya Patel' })).toBeVisible();

    await search.fill('xyz');
    await expect(page.getByRole('banner').getByText('No User Found')).toBeVisible();
    await expect(found).toHaveCount(0);

    // A match opens that member's profile.
    await search.fill('noah');
    await found.getByRole('link', { name: /Noah Kim/ }).click();
    await expect(page).toHaveURL(urlPath(`/users/${MEMBERS.noah.id}`));
    await expect(page.getByRole('heading', { name: 'Noah Kim', level: 1 })).toBeVisible();
  });

  test("following a member from 'Who to follow?' brings their posts into the home feed and updates both profiles", { tag: ['@phone'] }, async ({ page }, testInfo) => {
    await expect(postCards(page)).toHaveCount(12);
    await expect(postCard(page, SEED_TEXT.noahBike)).toHaveCount(0);

    if (isPhone(testInfo)) {
      // Phones have no side panel: members are followed from the top bar's search.
      await topBarSearch(page).fill('Noah');
      await page.getByRole('banner').getByRole('button', { name: 'Follow Noah Kim' }).click();
    } else {
      const who = sidePanel(page).getByRole('region', { name: 'Who to follow?' });
      await expect(who.getByRole('listitem')).toHaveCount(2);
      await expect(who.getByRole('link', { name: /Zoe Martin/ })).toBeVisible();
      await who.getByRole('button', { name: 'Follow Noah Kim' }).click();
      // The entry stays where it was, now with Unfollow, until the list next loads.
      await expect(who.getByRole('button', { name: 'Unfollow Noah Kim' })).toBeVisible();
      await expect(who.getByRole('listitem')).toHaveCount(2);
    }
    await expectToast(page, 'You started following Noah Kim');
    await expect(postCard(page, SEED_TEXT.noahBike)).toBeVisible();
    await expect(postCards(page)).toHaveCount(16);

    await page.goto(`/users/${MEMBERS.noah.id}`);
    await expect(page.getByRole('heading', { name: 'Noah Kim', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unfollow Noah Kim' })).toBeVisible();
    await expect(counts(page)).toContainText('3 Followers');
    await expect(counts(page)).toContainText('2 Following');

    await navigateTo(page, 'Profile');
    await expect(page).toHaveURL(urlPath(`/users/${MEMBERS.ava.id}`));
    await expect(page.getByRole('heading', { name: 'Ava Reed', level: 1 })).toBeVisible();
    await expect(counts(page)).toContainText('3 Followers');
    await expect(counts(page)).toContainText('3 Following');
  });

  test("unfollowing a member removes their posts from the feed and updates both profiles", async ({ page }, testInfo) => {
    await page.goto(`/users/${MEMBERS.maya.id}`);
    await expect(page.getByRole('heading', { name: 'Maya Patel', level: 1 })).toBeVisible();
    await expect(counts(page)).toContainText('3 Followers');
    await expect(postCards(page)).toHaveCount(5);

    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Unfollow Maya Patel' }).click();
    await expectToast(page, 'You Unfollowed Maya Patel');
    await expect(main.getByRole('button', { name: 'Follow Maya Patel' })).toBeVisible();
    await expect(counts(page)).toContainText('2 Followers');
    if (!isPhone(testInfo)) {
      // 'Who to follow?' keeps its list while it is open; the next load offers Maya.
      const who = () => sidePanel(page).getByRole('region', { name: 'Who to follow?' });
      await expect(who().getByRole('link', { name: /Maya Patel/ })).toHaveCount(0);
      await page.reload();
      await expect(who().getByRole('button', { name: 'Follow Maya Patel' })).toBeVisible();
    }

    await navigateTo(page, 'Profile');
    await expect(page.getByRole('heading', { name: 'Ava Reed', level: 1 })).toBeVisible();
    await expect(counts(page)).toContainText('1 Following');

    await navigateTo(page, 'Home');
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    await expect(postCards(page)).toHaveCount(7);
    await expect(postCard(page, SEED_TEXT.newest)).toHaveCount(0);
  });

  test("a double click on Follow in 'Who to follow?' follows that one member, not the next", { tag: ['@phone'] }, async ({ page }, testInfo) => {
    // Phones list the suggestions in Explore (no side panel); wider screens in the side panel.
    let who = sidePanel(page).getByRole('region', { name: 'Who to follow?' });
    if (isPhone(testInfo)) {
      await navigateTo(page, 'Explore');
      who = page.getByRole('main').getByRole('region', { name: 'Who to follow?' });
    }
    // The page's loader covers it for a moment after it opens.
    await expectNoLoader(page);
    const follow = who.getByRole('button', { name: 'Follow Noah Kim' });
    await expect(who.getByRole('button', { name: 'Follow Zoe Martin' })).toBeVisible();
    const box = await follow.boundingBox();
    if (!box) throw new Error('The Follow button has no box');
    // Two quick clicks (or taps, on a phone) on the same spot, as a double click or a double tap lands.
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    if (isPhone(testInfo)) {
      await page.touchscreen.tap(x, y);
      await page.touchscreen.tap(x, y);
    } else {
      await page.mouse.dblclick(x, y);
    }

    await expectToast(page, 'You started following Noah Kim');
    // Noah's entry stays under the pointer (a backend fast enough to answer between the two taps
    // lets the second one unfollow him again: the same person, never the next one).
    await expect(who.getByRole('link', { name: /Noah Kim/ })).toBeVisible();
    await expect(who.getByRole('button', { name: 'Follow Zoe Martin' })).toBeVisible();
    await page.goto(`/users/${MEMBERS.zoe.id}`);
    await expect(page.getByRole('main').getByRole('button', { name: 'Follow Zoe Martin' })).toBeVisible();
    await expect(counts(page)).toContainText('2 Followers');
  });
});

test.describe('People that could not load', () => {
  test('a people search that failed says so, keeps the words, and Try again finds the people', { tag: ['@phone'] }, async ({ page }) => {
    await openWithFaults(page, '/login', [{ route: 'GET /users/search', answer: 500, times: 'once' }]);
    await submitLogin(page, DEMO.username, DEMO.password);
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    const search = topBarSearch(page);
    await search.fill('ma');
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('alert')).toHaveText(/People could not load\./);
    await expect(bar.getByText('No User Found')).toHaveCount(0);
    await bar.getByRole('button', { name: 'Try again' }).click();
    const found = bar.getByRole('list', { name: 'People found' });
    await expect(found.getByRole('link', { name: /Maya Patel/ })).toBeVisible();
    await expect(found.getByRole('link', { name: /Zoe Martin/ })).toBeVisible();
    await expect(search).toHaveValue('ma');
    await expect(search).toBeFocused();
  });
});
