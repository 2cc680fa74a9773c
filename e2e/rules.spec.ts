/**
 * The network's rules: an admin writes two rules in Your account; a newcomer sees them at signup,
 * under "Our rules", is told beside the box that they must agree (nothing typed is lost), then
 * agrees and joins. On the stand-in (its `moderation` scenario, whose demo member is an admin and
 * whose three rules the admin replaces) and on the real server (the demo member made an admin
 * through the server's store, as `npm run admin -- promote` would).
 */
import { expect, test } from './fixtures';
import { DEMO, expectToast, fillSignup, login, logout, urlPath } from './helpers';

const NEWCOMER = { firstName: 'Rowan', lastName: 'Vale', username: 'rowan_vale', email: 'rowan.vale@example.com', password: 'lanterns42' };

test.describe("The network's rules", { tag: ['@server', '@standin'] }, () => {
  test('an admin writes two rules; a newcomer sees them at signup, cannot join without agreeing, then agrees and joins', async ({ page, realServer }) => {
    if (realServer) await realServer.setRoles({ [DEMO.id]: 'admin' });
    await login(page, realServer ? {} : { scenario: 'moderation' });
    await page.goto('/settings/account');
    await expect(page.getByRole('heading', { level: 2, name: 'Moderation' })).toBeVisible();
    const rules = page.getByRole('region', { name: 'Network rules' });
    await expect(rules.getByRole('button', { name: 'Save rules' })).toBeVisible();

    // The admin starts from a clean list, then writes two rules.
    while (await rules.getByRole('button', { name: 'Remove rule 1' }).count() > 0) await rules.getByRole('button', { name: 'Remove rule 1' }).click();
    await expect(rules.getByText('No rules yet: newcomers join without agreeing to any.')).toBeVisible();
    await rules.getByRole('button', { name: 'Add a rule' }).click();
    await expect(rules.getByRole('textbox', { name: 'Title of rule 1' })).toBeFocused();
    await page.keyboard.type('Be kind');
    await rules.getByRole('textbox', { name: 'Description of rule 1 (optional)' }).fill('Disagree with ideas, never with people.');
    await rules.getByRole('button', { name: 'Add a rule' }).click();
    await rules.getByRole('textbox', { name: 'Title of rule 2' }).fill('No spam');
    await rules.getByRole('button', { name: 'Save rules' }).click();
    await expectToast(page, 'Rules saved.');

    await logout(page);
    await page.getByRole('link', { name: 'Create New Account?' }).click();
    await expect(page).toHaveURL(urlPath('/signup'));
    const shown = page.getByRole('region', { name: 'Our rules' });
    await expect(shown.getByRole('listitem')).toHaveText(['Be kindDisagree with ideas, never with people.', 'No spam']);

    await fillSignup(page, NEWCOMER);
    await page.getByRole('button', { name: 'Create New Account' }).click();
    const agree = shown.getByRole('checkbox', { name: 'I agree to follow these rules' });
    await expect(agree).toHaveAccessibleDescription('Please agree to follow the rules to join.');
    await expect(agree).toBeFocused();
    await expect(page).toHaveURL(urlPath('/signup'));
    await expect(page.getByLabel('Username')).toHaveValue(NEWCOMER.username);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(NEWCOMER.password);

    await agree.check();
    await page.getByRole('button', { name: 'Create New Account' }).click();
    await expectToast(page, 'Signed Up Successfully!');
    await expect(page).toHaveURL(urlPath('/'));
  });
});
