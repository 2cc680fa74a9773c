/**
 * Notifications across devices, which only a shared server makes possible: another member's like
 * and follow raise the bell on each of the member's devices within 2 s; opening the list on one
 * marks them read on the other; an entry leads to what it is about.
 */
import { test } from './devices';
import { expect } from './fixtures';
import { DEMO, expectToast, login, MEMBERS, postCard, SEED_TEXT, seedPostId, urlPath } from './helpers';
import { bell, expectLinkOpensNewTab, LIVE, openEntryOntoReply, replyCards, TRAIL_URL, writeReply } from './replyJourney';

test.describe('Notifications, two members on three devices', { tag: ['@server'] }, () => {
  test("Noah's like and follow raise the demo member's bell on both her devices; reading them on one clears the other", async ({ page, anotherDevice }) => {
    await login(page);
    const phone = await anotherDevice();
    // The seed's two unread: the likes of her two posts.
    await expect(bell(page, 'Notifications 2 unread')).toBeVisible();
    await expect(bell(phone, 'Notifications 2 unread')).toBeVisible();

    const noah = await anotherDevice(MEMBERS.noah.username);
    await noah.goto(`/posts/${seedPostId(5)}`);
    await postCard(noah, SEED_TEXT.avaHello).getByRole('button', { name: 'Like' }).click();
    await expectToast(noah, 'You Liked the Post!');
    // The like joins the likes of her post: still two unread, that one now the latest.
    await noah.goto(`/users/${MEMBERS.ava.id}`);
    await noah.getByRole('main').getByRole('button', { name: 'Follow Ava Reed' }).click();
    await expect(bell(page, 'Notifications 3 unread')).toBeVisible(LIVE);
    await expect(bell(phone, 'Notifications 3 unread')).toBeVisible(LIVE);

    await bell(page, 'Notifications 3 unread').click();
    await expect(page).toHaveURL(urlPath('/notifications'));
    const list = page.getByRole('list', { name: 'Notifications' });
    await expect(list.getByRole('link').nth(0)).toContainText('New: Noah Kim followed you');
    await expect(list.getByRole('link').nth(1)).toContainText('New: Noah Kim and 3 others liked your post');
    // Read here, read on the phone too.
    await expect(bell(page, 'Notifications')).toBeVisible();
    await expect(bell(phone, 'Notifications')).toBeVisible(LIVE);

    await list.getByRole('link', { name: /Noah Kim and 3 others liked your post/ }).click();
    await expect(page).toHaveURL(urlPath(`/posts/${seedPostId(5)}`));
    await expect(postCard(page, SEED_TEXT.avaHello)).toBeVisible();
  });
});

test.describe('A reply, a mention and a like of a reply, two members on three devices', { tag: ['@server', '@postgres'] }, () => {
  test("Noah's reply naming the demo member reaches both her devices; its entry lands on the reply, whose link opens a new tab; his like of her reply is told", async ({ page, anotherDevice }) => {
    const avasPost = seedPostId(5);
    await login(page);
    const phone = await anotherDevice();
    // The seed's two unread, read first: the bell then counts what Noah does alone.
    await bell(page, 'Notifications 2 unread').click();
    await expect(bell(page, 'Notifications')).toBeVisible();
    await expect(bell(phone, 'Notifications')).toBeVisible(LIVE);
    // Away from the list, which marks read what arrives while it is open.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();

    const noah = await anotherDevice(MEMBERS.noah.username);
    await noah.goto(`/posts/${avasPost}`);
    const noahsText = `@${DEMO.username} the loop I told you of: ${TRAIL_URL}`;
    await writeReply(noah, noahsText, { shows: 'the loop I told you of' });
    // A reply to her post that names her is one notification, on both her devices, with no reload.
    await expect(bell(page, 'Notifications 1 unread')).toBeVisible(LIVE);
    await expect(bell(phone, 'Notifications 1 unread')).toBeVisible(LIVE);

    const landed = await openEntryOntoReply(page, 'Notifications 1 unread', /^New: Noah Kim replied to your post/, avasPost, 'the loop I told you of');
    await expect(bell(phone, 'Notifications')).toBeVisible(LIVE);
    await expect(landed.getByRole('link', { name: `@${DEMO.username}` })).toHaveAttribute('href', `/users/${DEMO.id}`);
    await expectLinkOpensNewTab(page, landed);

    await writeReply(page, 'Saving it for Saturday, thanks!', { answering: 'the loop I told you of' });
    const avasReply = replyCards(noah).filter({ hasText: 'Saving it for Saturday' });
    await expect(avasReply).toContainText('Replying to @noah_kim');
    await avasReply.getByRole('button', { name: /^Like reply/ }).click();
    await expect(avasReply.getByRole('button', { name: /^Like reply/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(bell(page, 'Notifications 1 unread')).toBeVisible(LIVE);
    await expect(bell(phone, 'Notifications 1 unread')).toBeVisible(LIVE);
    const liked = await openEntryOntoReply(page, 'Notifications 1 unread', /^New: Noah Kim liked your reply/, avasPost, 'Saving it for Saturday');
    await expect(liked.getByRole('button', { name: /^Like reply/ })).toContainText('1');
  });
});
