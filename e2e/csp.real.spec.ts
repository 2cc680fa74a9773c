import { test, expect } from './fixtures';

/**
 * The server's Content-Security-Policy over the real built app. Every journey of the `real` projects
 * runs under it, and the console guard fails any that meets a violation; this checks the policy is
 * there and enforced, so that silence means something.
 */
test('the app is served under the strict Content-Security-Policy, and the browser enforces it', { tag: ['@server'] }, async ({ page, consoleGuard }) => {
  const response = await page.goto('/login');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();

  // An inline script, as an injection would add it: refused, reported, never run.
  consoleGuard.allow(/Content Security Policy/);
  const outcome = await page.evaluate(() => new Promise<{ directive: string; ran: boolean }>((resolve) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      resolve({ directive: event.effectiveDirective, ran: Boolean((window as unknown as { injected?: boolean }).injected) });
    }, { once: true });
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.body.append(script);
  }));
  expect(outcome).toEqual({ directive: 'script-src-elem', ran: false });
});
