import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from '../server/config';
import { REAL_APP_DIR } from './backend';
import { test, expect, openWithFaults } from './fixtures';
import { DEMO, expectToast, login, openWorkbench, postCard, SEED_TEXT, submitLogin, urlPath, writePost } from './helpers';

const LIKE = 'POST /posts/like/:postId';
const UNAVAILABLE = 'The service is unavailable right now. Please try again in a moment.';

test.describe("QA's workbench", () => {
  test('a fault on the like alone: the like goes back and says why, every other call answers; the copied link fails the like in another browser too', async ({ page, browser }) => {
    await login(page);
    const panel = await openWorkbench(page);
    await panel.getByRole('searchbox', { name: 'Find a route' }).fill('like');
    await panel.getByRole('combobox', { name: `Answer of ${LIKE}` }).selectOption({ label: `503: ${UNAVAILABLE}` });
    await expect(panel.getByRole('status').filter({ hasText: LIKE })).toHaveText(`${LIKE}: 503, every call`);
    const link = await panel.getByRole('textbox', { name: /^Link/ }).inputValue();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Scenario: default, 1 fault (open the stand-in workbench)' })).toBeVisible();

    const like = postCard(page, SEED_TEXT.newest).getByRole('button', { name: /^Like, / });
    await expect(like).toHaveAccessibleName('Like, 1 like');
    await like.click();
    await expectToast(page, `Your like was not saved. ${UNAVAILABLE}`);
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(like).toHaveAccessibleName('Like, 1 like');
    // Every other call answers as usual.
    await writePost(page, 'Posted while the like is faulted');
    await expect(postCard(page, 'Posted while the like is faulted')).toBeVisible();

    // The link, opened in another browser: the same scenario and fault, before and after logging in.
    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const second = await other.newPage();
      await second.goto(link);
      await expect(second).toHaveURL(urlPath('/login'));
      await submitLogin(second, DEMO.username, DEMO.password);
      await expect(second.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
      await expect(second.getByRole('button', { name: 'Scenario: default, 1 fault (open the stand-in workbench)' })).toBeVisible();
      const likeThere = postCard(second, SEED_TEXT.newest).getByRole('button', { name: /^Like, / });
      await likeThere.click();
      await expectToast(second, `Your like was not saved. ${UNAVAILABLE}`);
      await expect(likeThere).toHaveAttribute('aria-pressed', 'false');
    } finally {
      await other.close();
    }
  });

  test('the store exported, a post written, the file imported: the post is gone and the store is the one exported', async ({ page }) => {
    await login(page);
    let panel = await openWorkbench(page);
    const [exported] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export the store' }).click()]);
    expect(exported.suggestedFilename()).toBe('socialconnect-default-store.json');
    const file = await exported.path();
    const before: unknown = JSON.parse(readFileSync(file, 'utf8'));
    await page.keyboard.press('Escape');

    await writePost(page, 'Written after the export');
    await expect(postCard(page, 'Written after the export')).toBeVisible();

    panel = await openWorkbench(page);
    await panel.getByLabel(/^Import a store from a file/).setInputFiles({ name: 'socialconnect-default-store.json', mimeType: 'application/json', buffer: readFileSync(file) });
    // The app loads again from the imported store, without a reload: the member's session was in it,
    // the post was not.
    await expect(panel.getByText('socialconnect-default-store.json is the store now.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    await expect(postCard(page, SEED_TEXT.newest)).toBeVisible();
    await expect(postCard(page, 'Written after the export')).toHaveCount(0);

    panel = await openWorkbench(page);
    const [again] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export the store' }).click()]);
    expect(JSON.parse(readFileSync(await again.path(), 'utf8'))).toEqual(before);
  });

  test('faults in the address that do not hold are said on screen, naming the field; none applies', async ({ page }) => {
    await openWithFaults(page, '/login', [{ route: 'POST /posts/love/:postId', answer: 503 }]);
    const alert = page.getByRole('alert').filter({ hasText: "The address's faults[0].route" });
    await expect(alert).toContainText('it accepts a route of the contract\'s table as METHOD /path');
    await expect(alert).toContainText('No fault applies.');
    await submitLogin(page, DEMO.username, DEMO.password);
    await expect(page).toHaveURL(urlPath('/'));
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('button', { name: /open the stand-in workbench/ })).toHaveCount(0);
  });
});

test.describe('The workbench in the builds', { tag: ['@server'] }, () => {
  test('the build for a real server carries none of it; the stand-in build has it in chunks of its own', () => {
    const files = (dir: string) => ['js', 'css'].flatMap((kind) => readdirSync(join(dir, 'static', kind)).filter((file) => file.endsWith(`.${kind}`)).map((file) => join(dir, 'static', kind, file)));
    const real = files(REAL_APP_DIR);
    expect(real.length).toBeGreaterThan(0);
    expect(real.filter((file) => /workbench|mocks/.test(file))).toEqual([]);
    // Not a byte of it inside the real build's other files either: not its shortcut, its name or its badge.
    const mentions = real.filter((file) => /workbench|scenario-badge/i.test(readFileSync(file, 'utf8')));
    expect(mentions).toEqual([]);

    const standIn = files(join(REPOSITORY_ROOT, 'dist')).map((file) => file.split('/').pop() ?? '');
    expect(standIn.filter((file) => /^workbench(-panel)?\..*\.js$/.test(file))).toHaveLength(2);
  });
});
