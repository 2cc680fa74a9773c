import { test, expect } from './fixtures';

test('the built app starts, shows the login screen, and its backend answers', async ({ page, backend }) => {
  await page.goto('/login');
  // The screen shows at once; with the stand-in, its worker starts meanwhile (the app's calls wait for it).
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  if (backend === 'mock') await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const answer = await page.evaluate(async () => {
    const response = await fetch('/api/users');
    return { status: response.status, body: (await response.json()) as { users?: unknown[] } };
  });
  expect(answer.status).toBe(200);
  expect(answer.body.users?.length).toBe(5);
});
