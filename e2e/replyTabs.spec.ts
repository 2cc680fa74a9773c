/**
 * The reply journey on the stand-in, in one browser. The stand-in keeps one store for every tab of a
 * browser (mocks/tabSharing.ts), but a browser has one logged-in member at a time (the session is
 * the browser's, and its tabs follow it), and two browsers would each have their own store. So the
 * two members take turns in this browser, each logging out before the other logs in: what Noah
 * writes is in the store the demo member then reads. What this shows live, without a reload, is the
 * demo member's two tabs: reading the notification in one clears the bell in the other within 2 s.
 * That another member's act reaches a member who is logged in elsewhere at that moment needs a
 * shared backend: the real server's journey (notifications.real.spec.ts) shows it.
 */
import { test, expect } from './fixtures';
import { DEMO, login, logout, MEMBERS, seedPostId } from './helpers';
import { bell, expectLinkOpensNewTab, LIVE, openEntryOntoReply, replyCards, TRAIL_URL, writeReply } from './replyJourney';

const AVAS_POST = seedPostId(5);

test.describe('A reply, a mention and a like of a reply, on the stand-in across two tabs', () => {
  test("Noah's reply naming the demo member waits for her; its entry lands on the reply and clears her other tab; his like of her reply is told", async ({ page, context }) => {
    // Five logins, four logouts and a second tab: 48 to 54 s in clean-clone runs on two busy cores,
    // and past the 60 s the journeys then had once (at its last step, the bell already at 1 unread). Its
    // limit is tripled to fit that work.
    test.slow();
    // The seed's two unread, read first: the bell then counts what Noah does alone. She logs out as
    // soon as the bell clears, before the backend has answered: they stay read.
    await login(page);
    await bell(page, 'Notifications 2 unread').click();
    await expect(bell(page, 'Notifications')).toBeVisible();
    await logout(page);

    await login(page, { username: MEMBERS.noah.username });
    await page.goto(`/posts/${AVAS_POST}`);
    await writeReply(page, `@${DEMO.username} the loop I told you of: ${TRAIL_URL}`, { shows: 'the loop I told you of' });
    await logout(page);

    await login(page);
    await expect(bell(page, 'Notifications 1 unread')).toBeVisible();
    const otherTab = await context.newPage();
    await otherTab.goto('/');
    await expect(bell(otherTab, 'Notifications 1 unread')).toBeVisible();

    const landed = await openEntryOntoReply(page, 'Notifications 1 unread', /^New: Noah Kim replied to your post/, AVAS_POST, 'the loop I told you of');
    await expect(bell(otherTab, 'Notifications')).toBeVisible(LIVE);
    await expectLinkOpensNewTab(page, landed);
    await writeReply(page, 'Saving it for Saturday, thanks!', { answering: 'the loop I told you of' });
    await otherTab.close();
    await logout(page);

    await login(page, { username: MEMBERS.noah.username });
    await page.goto(`/posts/${AVAS_POST}`);
    const avasReply = replyCards(page).filter({ hasText: 'Saving it for Saturday' });
    await expect(avasReply).toContainText('Replying to @noah_kim');
    // The heart fills at once, and he logs out before the like is answered: the like is stored all the same.
    await avasReply.getByRole('button', { name: /^Like reply/ }).click();
    await expect(avasReply.getByRole('button', { name: /^Like reply/ })).toHaveAttribute('aria-pressed', 'true');
    await logout(page);

    await login(page);
    const liked = await openEntryOntoReply(page, 'Notifications 1 unread', /^New: Noah Kim liked your reply/, AVAS_POST, 'Saving it for Saturday');
    await expect(liked.getByRole('button', { name: /^Like reply/ })).toContainText('1');
  });
});
