import { test, expect } from './fixtures';

test('the built app starts, shows the login screen, and its backend answers', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  const answer = await page.evaluate(async () => {
    const response = await fetch('/api/users');
    return { status: response.status, body: (await response.json()) as { users?: unknown[] } };
  });
  expect(answer.status).toBe(200);
  expect(answer.body.users?.length).toBe(5);
});
