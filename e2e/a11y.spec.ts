import { authenticatorCode } from '../contract/rules/twoFactor';
import { audit } from './audit';
import { test, expect } from './fixtures';
import { DEMO, expectToast, isPhone, login, logout, openWorkbench, postCard, SEED_TEXT, seedPostId, submitLogin, topBarSearch, UPLOAD_PHOTO } from './helpers';
import { inLanguage, inParts, loginAsStaff, MEMBER_ROUTES, memberShellReady, PUBLIC_ROUTES, STAFF_ROUTES } from './routes';

test.describe('Accessibility in the light and dark themes (axe, WCAG 2.2 A/AA: no serious or critical violations)', { tag: ['@phone'] }, () => {
  // Twice a journey's time: a walk here audits up to five states, and an audit (axe in both themes) took
  // 2-4 s on a quiet machine and up to three times that on a loaded one. A hung step still fails at the
  // action's own 30 s.
  test.describe.configure({ timeout: 120_000 });

  // The walks go in parts, so the workers share them and each part stays well inside a test's time on
  // a slow machine: a route with both themes audited takes 5-10 s here beside two other workers (Home
  // the longest), and a part of nine routes once ran past the minute. The public pages are lighter.
  const PUBLIC_PART = 4;
  const MEMBER_PART = 2;

  for (const routes of inParts(PUBLIC_ROUTES, PUBLIC_PART)) {
    test(`public routes, logged out: ${routes.map((route) => route.name).join(', ')}`, async ({ page }) => {
      const failures: string[] = [];
      for (const route of routes) {
        await page.goto(route.path);
        await route.ready(page);
        await audit(page, route.path).catch((error: Error) => failures.push(error.message));
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    });
  }

  for (const routes of inParts(MEMBER_ROUTES, MEMBER_PART)) {
    test(`member routes, logged in: ${routes.map((route) => route.name).join(', ')}`, async ({ page }) => {
      await login(page);
      const failures: string[] = [];
      for (const route of routes) {
        await page.goto(route.path);
        await route.ready(page);
        await memberShellReady(page);
        await audit(page, route.path).catch((error: Error) => failures.push(error.message));
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    });
  }

  // Right to left, in Arabic: every route, in parts as above.
  const arabicParts = [...inParts(PUBLIC_ROUTES, PUBLIC_PART), ...inParts(MEMBER_ROUTES, MEMBER_PART)];
  for (const [index, routes] of arabicParts.entries()) {
    test(`right to left, in Arabic, part ${index + 1}: ${routes.map((route) => route.name).join(', ')}`, async ({ page }) => {
      const failures: string[] = [];
      let loggedIn = false;
      for (const route of routes) {
        const member = MEMBER_ROUTES.includes(route);
        if (member && !loggedIn) {
          // The login journey finds its way in English: the language asked for by the address is kept.
          await page.goto('/login?lang=en');
          await login(page);
          loggedIn = true;
        }
        await page.goto(inLanguage(route.path, 'ar'));
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await route.ready(page);
        if (member) await memberShellReady(page);
        await audit(page, `${route.path} in Arabic`).catch((error: Error) => failures.push(error.message));
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    });
  }

  test(`right to left, in Arabic, as an admin: ${STAFF_ROUTES.map((route) => route.name).join(', ')}`, async ({ page, realServer }) => {
    await page.goto('/login?lang=en');
    await loginAsStaff(page, realServer);
    const failures: string[] = [];
    for (const route of STAFF_ROUTES) {
      await page.goto(inLanguage(route.path, 'ar'));
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await route.ready(page);
      await memberShellReady(page);
      await audit(page, `${route.path} in Arabic`).catch((error: Error) => failures.push(error.message));
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  test("QA's workbench: its panel open with a fault being set, and its badge once closed", async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
    const panel = await openWorkbench(page);
    await panel.getByRole('searchbox', { name: 'Find a route' }).fill('like');
    await panel.getByRole('combobox', { name: 'Answer of POST /posts/like/:postId' }).selectOption({ label: 'Answers late' });
    await panel.getByRole('combobox', { name: 'How often for POST /posts/like/:postId' }).selectOption({ label: 'The next N calls' });
    await expect(panel.getByRole('spinbutton', { name: 'Calls' })).toBeVisible();
    // At phone width too, the panel fits the screen's width, and its content the panel's: nothing to scroll sideways to.
    const box = await panel.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? Infinity) <= (page.viewportSize()?.width ?? 0)).toBe(true);
    expect(await panel.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
    const failures: string[] = [];
    await audit(page, '/login with the workbench open').catch((error: Error) => failures.push(error.message));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Scenario: default, 1 fault (open the stand-in workbench)' })).toBeVisible();
    await audit(page, '/login with the workbench\'s badge').catch((error: Error) => failures.push(error.message));
    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  test("a post's page with replies, one answering another, and the delete window open", async ({ page }) => {
    await login(page);
    await page.goto(`/posts/${seedPostId(7)}`);
    const box = page.getByRole('textbox', { name: 'Your reply' });
    const list = page.getByRole('list', { name: 'Replies' });
    for (const [index, text] of ['A first reply.', 'A second one, for @liam_chen: https://example.com/harbour-wall.'].entries()) {
      await box.fill(text);
      await page.getByRole('button', { name: 'Reply', exact: true }).click();
      await expect(list.getByRole('article')).toHaveCount(index + 1);
      await expect(box).toHaveValue('');
    }
    await list.getByRole('article').first().getByRole('button', { name: 'Reply to Ava Reed' }).click();
    await box.fill('Answering the first.');
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(list.getByRole('article')).toHaveCount(3);
    await expect(list.getByText('Replying to')).toBeVisible();
    const like = list.getByRole('article').first().getByRole('button', { name: /^Like reply/ });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    const failures: string[] = [];
    await audit(page, `/posts/${seedPostId(7)} with replies`).catch((error: Error) => failures.push(error.message));
    await list.getByRole('article').first().getByRole('button', { name: 'Delete reply' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete this reply?' })).toBeVisible();
    await audit(page, `/posts/${seedPostId(7)} with the delete-reply window open`).catch((error: Error) => failures.push(error.message));
    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  test("a post's page landed on a reply (a notification's link), and on a reply deleted since", async ({ page }) => {
    await login(page);
    await page.goto(`/posts/${seedPostId(7)}`);
    const list = page.getByRole('list', { name: 'Replies' });
    for (const [index, text] of ['Lovely evening.', 'See you at the wall, @demo_user: https://example.com/harbour-wall.'].entries()) {
      await page.getByRole('textbox', { name: 'Your reply' }).fill(text);
      await page.getByRole('button', { name: 'Reply', exact: true }).click();
      await expect(list.getByRole('article')).toHaveCount(index + 1);
    }
    const replyId = await list.getByRole('article').last().getAttribute('id');
    await page.goto(`/posts/${seedPostId(7)}#${replyId ?? ''}`);
    const landed = list.getByRole('article').and(page.locator('[aria-current="true"]'));
    await expect(landed).toContainText('See you at the wall');
    await expect(landed).toBeFocused();
    await expect(landed).toBeInViewport();
    // From the top: axe counts a link that a scroll leaves half under the fixed top bar as a small
    // target, whatever the page; what is audited here is the landed reply's marks and colours.
    await page.evaluate(() => window.scrollTo(0, 0));
    const failures: string[] = [];
    await audit(page, `/posts/${seedPostId(7)} landed on a reply`).catch((error: Error) => failures.push(error.message));
    await page.goto(`/posts/${seedPostId(7)}#reply-deleted-since`);
    await expect(page.getByText('The reply you were looking for is no longer here')).toBeVisible();
    await expect(list.getByRole('article')).toHaveCount(2);
    await page.evaluate(() => window.scrollTo(0, 0));
    await audit(page, `/posts/${seedPostId(7)} on a reply deleted since`).catch((error: Error) => failures.push(error.message));
    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  // Each audit of Home takes about 4 s a theme: the windows are split over three tests, each well inside its time.
  test("the moderators' queue with its audit log, and an action's dialog refusing an empty reason", async ({ page }) => {
    await login(page, { scenario: 'moderation' });
    await page.goto('/moderation');
    await expect(page.getByRole('article', { name: 'Post by @noah_kim' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Audit log' })).toBeVisible();
    await memberShellReady(page);
    await audit(page, '/moderation');
    await page.getByRole('article', { name: 'Post by @noah_kim' }).getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove: Post by @noah_kim' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Write a reason: the member reads it.');
    await audit(page, '/moderation, the Remove dialog');
  });

  test("the Report dialog offering the network's rules, one chosen, with the reason missing said", async ({ page }) => {
    await login(page, { scenario: 'moderation' });
    const card = postCard(page, 'Tiny island, big noon sun.');
    await card.getByRole('button', { name: 'More about Liam Chen' }).click();
    await page.getByRole('button', { name: 'Report post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a post by Liam Chen' });
    await dialog.getByRole('combobox', { name: 'Which rule does it break?' }).selectOption({ label: 'Be kind' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Choose a reason.')).toBeVisible();
    await audit(page, 'the Report dialog with a rule chosen');
  });

  test('a profile with a pinned post', async ({ page }) => {
    await login(page);
    await page.goto(`/users/${DEMO.id}`);
    const pin = page.getByRole('feed', { name: `Posts by ${DEMO.name}` }).getByRole('article').filter({ hasText: SEED_TEXT.avaHello }).getByRole('button', { name: 'Pin to your profile' });
    await pin.click();
    await expect(page.getByRole('feed', { name: `Posts ${DEMO.name} pinned` }).getByRole('article')).toHaveCount(1);
    // The pointer leaves the card: its toast, shown where the pointer may rest, then times out. The
    // page is audited from its top, as the other routes are: a card scrolled under the sticky top bar
    // is a target only partly in sight, whatever the page.
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await audit(page, 'a profile with a pinned post');
  });

  test("an admin's Moderation in Your account, with a problem said, and the rules at signup", async ({ page }) => {
    await login(page, { scenario: 'moderation' });
    await page.goto('/settings/account');
    const rules = page.getByRole('region', { name: 'Network rules' });
    await expect(rules.getByRole('textbox', { name: 'Title of rule 3' })).toHaveValue('No spam');
    await rules.getByRole('button', { name: 'Add a rule' }).click();
    await rules.getByRole('button', { name: 'Save rules' }).click();
    await expect(rules.getByText('Each rule needs a title of 1 to 100 characters.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Admins and moderators' }).getByRole('listitem')).toHaveCount(2);
    await page.evaluate(() => window.scrollTo(0, 0));
    await audit(page, "an admin's Moderation");

    await logout(page);
    await page.getByRole('link', { name: 'Create New Account?' }).click();
    await expect(page.getByRole('region', { name: 'Our rules' }).getByRole('listitem')).toHaveCount(3);
    await audit(page, 'the rules at signup');
  });

  test('two-factor sign-in being set up, its recovery codes, and the login asking for a code', async ({ page }) => {
    await login(page);
    await page.goto('/settings/account');
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await expect(page.getByRole('img', { name: 'QR code of the key for your authenticator app' })).toBeVisible();
    // A code that is not six digits: said under the field.
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(page.getByText('Type the 6-digit code your app shows.')).toBeVisible();
    await audit(page, 'two-factor sign-in being set up');

    const key = ((await page.getByText(/^Key: /).textContent()) ?? '').replace(/^Key: /, '').replace(/ /g, '');
    await page.getByRole('textbox', { name: 'Code from the app' }).fill(await authenticatorCode(key, new Date()));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).toHaveCount(10);
    // The page's first toast since it was opened: its code comes first, so it shows a moment after
    // the codes do. Seen before the audit, which closes it (one coming during the audit blends in).
    await expectToast(page, 'Two-factor sign-in is on.');
    await audit(page, 'the recovery codes shown');

    await page.getByRole('button', { name: 'I have kept them' }).click();
    await expect(page.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeVisible();
    await audit(page, 'two-factor sign-in on');

    await logout(page);
    await submitLogin(page, DEMO.username, DEMO.password);
    await expect(page.getByRole('textbox', { name: 'Authentication code' })).toBeFocused();
    await audit(page, 'the login asking for a code');
  });

  test('deleting the account: a refused password, the login saying when it goes, and the banner after', async ({ page }) => {
    await login(page);
    await page.goto('/settings/account');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('not-the-password');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('That password is not right.')).toBeVisible();
    await audit(page, 'the Delete account section with a wrong password said');

    await password.fill(DEMO.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText(/^Your account will be deleted on .+\. Log in before then to keep it\.$/)).toBeVisible();
    await audit(page, 'the login saying when the account goes');

    await submitLogin(page, DEMO.username, DEMO.password);
    await expect(page.getByRole('button', { name: 'Keep my account' })).toBeVisible();
    await audit(page, 'the banner of an account set to be deleted');
  });

  test('the search page with posts found, its top-bar way in, and its People tab', async ({ page }) => {
    await login(page);
    await topBarSearch(page).fill('walk');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Search posts for “walk”' })).toBeVisible();
    await audit(page, 'the top bar offering a post search');
    await topBarSearch(page).press('Enter');
    await expect(page.getByRole('feed', { name: 'Posts matching “walk”' }).getByRole('article').first()).toBeVisible();
    await page.mouse.move(0, 0);
    await audit(page, '/search with posts found');
    await page.getByRole('tab', { name: 'People' }).click();
    await page.getByRole('searchbox', { name: 'Search posts and people' }).fill('Ava');
    await page.getByRole('searchbox', { name: 'Search posts and people' }).press('Enter');
    await expect(page.getByRole('tabpanel', { name: 'People' }).getByRole('link', { name: /Ava Reed/ })).toBeVisible();
    await audit(page, '/search on its People tab');
  });

  test('a post behind a content warning, closed and opened, and the composer writing one', async ({ page }) => {
    await login(page);
    await page.getByRole('button', { name: 'Add a content warning' }).click();
    await page.getByRole('textbox', { name: 'Content warning' }).fill('Spiders, up close');
    await page.getByRole('textbox', { name: 'New post text' }).fill('A garden spider on its web.');
    await audit(page, 'the composer writing a content warning');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const card = postCard(page, 'Spiders, up close');
    await expect(card.getByRole('button', { name: 'Show more' })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await audit(page, 'a post behind a content warning');
    await card.getByRole('button', { name: 'Show more' }).click();
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await audit(page, 'a post behind a content warning, opened');
  });

  test('with the edit window open', async ({ page }) => {
    await login(page);
    await postCard(page, SEED_TEXT.avaHello).getByRole('button', { name: 'Edit post' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Post Content:' });
    await expect(dialog).toBeVisible();
    await audit(page, '/ with the edit-post window open');
  });

  test('scheduled posts: the composer picking a time, the list empty and with one post, and its edit window', async ({ page }) => {
    await login(page);
    const composer = page.getByRole('form', { name: 'Create a post' });
    await composer.getByRole('textbox', { name: 'New post text' }).fill('A walk by the river at noon.');
    await composer.getByLabel('Image file').setInputFiles(UPLOAD_PHOTO);
    await composer.getByRole('textbox', { name: 'Image description' }).fill('A river under a stone bridge');
    await composer.getByRole('button', { name: 'Schedule', exact: true }).click();
    // Refused at the field: the member's own words there, the field marked.
    await composer.getByRole('button', { name: 'Schedule post' }).click();
    await expect(composer.getByText('Pick a date and a time to publish at.')).toBeVisible();
    await audit(page, 'the composer with its time field, a time asked for');

    await page.goto('/scheduled');
    await expect(page.getByText('No posts are waiting. Pick a time in the composer to schedule one.')).toBeVisible();
    await audit(page, '/scheduled with no post waiting');

    await page.goto('/');
    const tomorrow = await page.evaluate(() => {
      const time = new Date(Date.now() + 86_400_000);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}T12:00`;
    });
    await composer.getByRole('button', { name: 'Schedule', exact: true }).click();
    await composer.getByLabel('Publish at').fill(tomorrow);
    await composer.getByRole('button', { name: 'Schedule post' }).click();
    await composer.getByRole('link', { name: 'See scheduled posts' }).click();
    const card = page.getByRole('list', { name: 'Posts waiting to be published' }).getByRole('article');
    await expect(card.getByRole('img', { name: 'A river under a stone bridge' })).toBeVisible();
    await audit(page, '/scheduled with one post waiting');

    await card.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit scheduled post' })).toBeVisible();
    await audit(page, '/scheduled with the edit window open');
  });

  test('with the sort menu or filters, and the shortcuts or Display window open', async ({ page }, testInfo) => {
    await login(page);
    const failures: string[] = [];
    const check = (where: string) => audit(page, where).catch((error: Error) => failures.push(error.message));
    /** Audits the open window named `name`, then closes it with Escape. */
    const checkWindow = async (name: string, where: string) => {
      await check(where);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name })).toHaveCount(0);
    };

    if (isPhone(testInfo)) {
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Display' }).click();
      await expect(page.getByRole('dialog', { name: 'Display' }).getByRole('group', { name: 'Theme' })).toBeVisible();
      await checkWindow('Display', '/ with the Display window open');

      await page.getByRole('button', { name: 'Filters' }).click();
      await expect(page.getByRole('group', { name: 'Sort by' })).toBeVisible();
      await check('/ with the filter panel open');
      await page.getByRole('button', { name: 'Filters' }).click();
    } else {
      await page.locator('main').focus();
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await checkWindow('Keyboard shortcuts', '/ with the keyboard shortcuts window open');

      await page.getByRole('button', { name: 'Sort posts' }).click();
      await expect(page.getByRole('menu', { name: 'Sort posts' })).toBeVisible();
      await check('/ with the sort menu open');
      await page.keyboard.press('Escape');
    }

    expect(failures, failures.join('\n\n')).toEqual([]);
  });

  test('with the people search and the Edit Profile panel open', async ({ page }) => {
    await login(page);
    const failures: string[] = [];
    const check = (where: string) => audit(page, where).catch((error: Error) => failures.push(error.message));

    await topBarSearch(page).fill('a');
    await expect(page.getByRole('banner').getByRole('list', { name: 'People found' })).toBeVisible();
    await check('/ with people search results open');
    await topBarSearch(page).fill('');

    await page.goto('/users/u-ava-reed');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
    await check('/users/u-ava-reed with the Edit Profile panel open');

    expect(failures, failures.join('\n\n')).toEqual([]);
  });
});
