/**
 * The accessibility audit the journeys run on a page as it stands: axe, WCAG 2.2 A and AA, in the
 * light theme and then the dark one.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Result } from 'axe-core';
import { expect } from './fixtures';
import { expectNoLoader, SYSTEM_THEMES } from './helpers';
import { imagesSettled } from './routes';

const BLOCKING = new Set(['serious', 'critical']);

/** One readable paragraph per violation: rule, impact, what it means, and where. */
function describe(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 6)
        .map((node) => `    - ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n');
      const more = violation.nodes.length > 6 ? `\n    ... and ${violation.nodes.length - 6} more` : '';
      return `[${violation.impact}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}${more}`;
    })
    .join('\n\n');
}

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: what members' assistive tools are checked against. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Label in name (WCAG 2.5.3): a control named apart from its visible text holds that text, first and in
 * order, so a voice-control user who says what they see presses it. axe checks it with a rule it still
 * calls experimental (left out of a run by tags), so it is asked for by name.
 */
const LABEL_IN_NAME = { 'label-content-name-mismatch': { enabled: true } };

/**
 * Switches the system's theme under the open page and waits until its colours have moved: the styles
 * follow `prefers-color-scheme` at once, and a few controls fade their colours over 120 ms.
 */
async function showTheme(page: Page, colorScheme: (typeof SYSTEM_THEMES)[number]): Promise<string> {
  await page.emulateMedia({ colorScheme });
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition).map((animation) => animation.finished.catch(() => undefined)));
    return `${getComputedStyle(document.documentElement).backgroundColor} ${getComputedStyle(document.body).backgroundColor}`;
  });
}

/**
 * The rules a theme can change the answer of: the page's markup, names, roles and layout are the same
 * in both themes (only `prefers-color-scheme` moves), its colours are not. Contrast (WCAG 1.4.3), and
 * links told apart from their text by colour alone (1.4.1).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe (WCAG 2.2 A and AA, label in name included) on the page as it is now, in the light theme,
 * then its colour rules in the dark one; fails on serious or critical violations in either. One walk
 * through a state audits both themes: reaching the state costs more than an audit. Only violations
 * are gathered (axe's `resultTypes`): the passes were never read.
 */
export async function audit(page: Page, where: string): Promise<void> {
  await expectNoLoader(page);
  await imagesSettled(page);
  // The page as it settles: no toast over it. One that fades out while axe reads the colours blends
  // with what is under it, a contrast no member ever reads. Each toast is closed by its button, as a
  // member closes it, rather than waited out (the login's stays 3 s: 40 % of the audits' time went
  // on that wait), and so is one that comes meanwhile; each takes about a second to go (its zoom out,
  // then its place collapsing). A toast on its way out has no role any more, so the toasts are counted
  // by their class; the buttons are pressed in the page, as one may go by itself while another is.
  const toastsLeft = () => page.evaluate(() => {
    document.querySelectorAll<HTMLButtonElement>('.Toastify__toast[data-in="true"] .Toastify__close-button').forEach((button) => button.click());
    return document.querySelectorAll('.Toastify__toast').length;
  });
  await expect.poll(toastsLeft, { message: 'no toast over the page', intervals: [50] }).toBe(0);
  const found: string[] = [];
  const backgrounds = new Set<string>();
  for (const [index, colorScheme] of SYSTEM_THEMES.entries()) {
    backgrounds.add(await showTheme(page, colorScheme));
    // Legacy mode runs axe in the page itself: the app has no frames, and the default mode's extra blank
    // page for finishing the run doubled each audit's time (3.3-4.2 s on Home against 1.8 s).
    const axe = new AxeBuilder({ page }).setLegacyMode();
    const results = await (index === 0
      ? axe.options({ rules: LABEL_IN_NAME, resultTypes: ['violations'] }).withTags(WCAG_TAGS)
      : axe.options({ resultTypes: ['violations'] }).withRules(COLOUR_RULES)
    ).analyze();
    const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
    if (blocking.length > 0) found.push(`axe violations on ${where}, ${colorScheme} theme:\n\n${describe(blocking)}\n`);
  }
  // Each theme was shown in turn: the page's background changed with it.
  expect(backgrounds.size, `${where}: the page looked the same in both themes`).toBe(SYSTEM_THEMES.length);
  expect(found, found.join('\n\n')).toEqual([]);
}
