/**
 * Block across two members' devices, on the real server: the demo member blocks Liam; on his own
 * device her profile and posts are gone and his mention of her is no link; his new post does not
 * reach her; unblocked, he sees her again (and may follow her).
 */
import { test } from './devices';
import { expect } from './fixtures';
import { DEMO, expectToast, login, MEMBERS, postCard, SEED_TEXT, seedPostId, writePost } from './helpers';

test.describe('Block, two members on two devices', { tag: ['@server'] }, () => {
  test('the demo member blocks Liam; on his device she is gone, his mention of her is no link, and his post does not reach her', async ({ page, anotherDevice }) => {
    await login(page);
    const liam = await anotherDevice(MEMBERS.liam.username);
    // Liam follows her: her post is on his Home. He then opens it, and keeps it open.
    await expect(postCard(liam, SEED_TEXT.avaHello)).toBeVisible();
    await liam.goto(`/posts/${seedPostId(5)}`);
    await expect(postCard(liam, SEED_TEXT.avaHello)).toBeVisible();

    await page.goto(`/users/${MEMBERS.liam.id}`);
    await page.getByRole('region', { name: MEMBERS.liam.name }).getByRole('button', { name: `Block ${MEMBERS.liam.name}` }).click();
    await page.getByRole('dialog', { name: `Block ${MEMBERS.liam.name}?` }).getByRole('button', { name: 'Block', exact: true }).click();
    await expectToast(page, `You blocked ${MEMBERS.liam.name}.`);
    await expect(page.getByText(`You blocked @${MEMBERS.liam.username}.`)).toBeVisible();

    // On Liam's device, live: her open post turns not found, with no word of why. Her profile is not
    // found either, and her post leaves his Home.
    await expect(liam.getByText('This post does not exist or was deleted.')).toBeVisible();
    await expect(liam.getByRole('alert')).toHaveCount(0);
    await liam.goto(`/users/${DEMO.id}`);
    await expect(liam.getByText('No member has this address.')).toBeVisible();
    await liam.goto('/');
    await expect(liam.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    await expect(postCard(liam, SEED_TEXT.avaHello)).toHaveCount(0);

    // His mention of her is plain text, and his post is not on her Explore.
    await writePost(liam, `Morning, @${DEMO.username}`);
    const mention = postCard(liam, 'Morning, @');
    await expect(mention).toBeVisible();
    await expect(mention.getByRole('link', { name: `@${DEMO.username}` })).toHaveCount(0);
    await page.goto('/explore');
    await expect(postCard(page, SEED_TEXT.newest)).toBeVisible();
    await expect(postCard(page, 'Morning, @')).toHaveCount(0);

    // Unblocked from the settings page, each sees the other again.
    await page.goto('/settings/muted-and-blocked');
    await page.getByRole('list', { name: 'Blocked members' }).getByRole('button', { name: `Unblock ${MEMBERS.liam.name}` }).click();
    await expectToast(page, `You unblocked ${MEMBERS.liam.name}.`);
    await liam.goto(`/users/${DEMO.id}`);
    await expect(liam.getByRole('region', { name: DEMO.name }).getByRole('button', { name: `Follow ${DEMO.name}` })).toBeVisible();
  });
});
