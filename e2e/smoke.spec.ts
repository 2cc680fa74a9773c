import { test, expect } from './fixtures';

test('the built app starts, shows the login screen, and its backend answers', { tag: ['@phone', '@server', '@postgres', '@standin'] }, async ({ page, backend }) => {
  await page.goto('/login');
  // The screen shows at once; with the stand-in, its worker starts meanwhile (the app's calls wait for it).
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  // On this page the stand-in starts when a member starts on the form (or the app's first call needs
  // it). Its worker takes the page's calls once it has started, a moment after it controls the page;
  // until then a call reaches the static server (HTML). The app's own calls wait for it.
  await page.getByLabel('Username').focus();
  const usersCall = () =>
    page.evaluate(async () => {
      const response = await fetch('/api/users');
      const json = (response.headers.get('content-type') ?? '').includes('json');
      return { status: response.status, users: json ? ((await response.json()) as { users?: unknown[] }).users?.length : undefined };
    });
  await expect.poll(usersCall, { timeout: backend === 'mock' ? 15_000 : 5_000 }).toEqual({ status: 200, users: 5 });
});
