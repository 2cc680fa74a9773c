/**
 * Presses held until the app has started (src/main.tsx). The hold begins in the page's head
 * (/theme.js, a plain script that runs before the first paint), so that a press is held from the
 * moment the page is on screen: the app's own entry is an async script, and on a page built ahead
 * it starts the app only once the page is painted.
 */
import firstEnglish from '../i18n/compiled/en-first.json';

/** What the presses held are: made again once the app has the page, or let go when no app will come. */
interface HeldPresses {
  /** Makes the press held again, once, and holds no more. */
  release(): void;
  /** Lets the press held go, unmade (its button no longer busy), and holds no more. */
  giveUp(): void;
}

/**
 * Until the app has taken over a page built ahead (/login, /signup), its buttons have no handlers
 * yet, and a press of Enter or of a submit button would send the form to the page's own address.
 * This holds a member's press (nothing typed is lost), shows at once that the button is working
 * (`aria-busy` and a spinner; "Fill Test Credentials" fills the form at once), and, once the app
 * has taken the page over, makes it again: a press is answered, late, never dropped, unless the
 * member typed on after it, in which case what they typed wins and the press is let go (made again,
 * it would overwrite or mix with the text). The last press is the one kept, and boxes ticked
 * meanwhile count. Presses within `root()` alone are held. Returns the release (it makes the press
 * again, once) and the giving up (it lets the press go, unmade).
 */
function holdPresses(root: () => Element | null): HeldPresses {
  let held: { element: Element; pressAgain: () => void } | null = null;
  const letGo = () => {
    held?.element.removeAttribute('aria-busy');
    held?.element.removeAttribute('data-held');
    held = null;
  };
  const hold = (event: Event, target: Element | null, shownOn: Element | null | undefined, pressAgain: () => void) => {
    if (!target || !root()?.contains(target)) return;
    event.preventDefault();
    event.stopPropagation();
    letGo();
    const element = shownOn ?? target;
    element.setAttribute('aria-busy', 'true');
    element.setAttribute('data-held', '');
    held = { element, pressAgain: () => target.isConnected && pressAgain() };
  };
  // A click on a button; a submit with no click comes from Enter in a form without a submit button.
  const holdClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    hold(event, button, button, () => button?.click());
    if (held && button?.dataset.fills) fillAhead(button);
  };
  // A button that fills its form (Fill Test Credentials) is answered at once: the fields take the
  // values written on it now, and the app reads them from the page when it takes it over; the press,
  // made again then, shows the app's confirmation.
  const fillAhead = (button: HTMLButtonElement) => {
    const values = JSON.parse(button.dataset.fills ?? '{}') as Record<string, string | boolean>;
    for (const [name, value] of Object.entries(values)) {
      const field = button.form?.elements.namedItem(name);
      if (!(field instanceof HTMLInputElement)) continue;
      if (typeof value === 'boolean') {
        field.checked = value;
        ticked.set(field, value);
      } else {
        field.value = value;
      }
    }
  };
  const holdSubmit = (event: Event) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    hold(event, form, form?.querySelector('button[type="submit"]'), () => form?.requestSubmit());
  };
  // A box ticked meanwhile stays ticked on screen, but the app's state starts from the built page
  // (unticked): the app is told the visitor's choice as if it were made now, before a held press.
  const ticked = new Map<HTMLInputElement, boolean>();
  const noteTick = (event: Event) => {
    const box = event.target;
    if (box instanceof HTMLInputElement && box.type === 'checkbox' && root()?.contains(box)) ticked.set(box, box.checked);
  };
  // The member typing (or ticking) after a press lets it go; the app's own replay of what was typed
  // before it started (keepTypedBeforeStart) is not the member's.
  const typedPast = (event: Event) => {
    if (event.isTrusted && event.target instanceof Node && root()?.contains(event.target)) letGo();
  };
  const listeners: Array<[string, (event: Event) => void]> = [['click', holdClick], ['submit', holdSubmit], ['change', noteTick], ['input', typedPast]];
  for (const [type, listener] of listeners) document.addEventListener(type, listener, true);
  const stop = () => {
    for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
  };
  const giveUp = () => {
    stop();
    letGo();
  };
  const release = () => {
    stop();
    ticked.forEach((checked, box) => {
      if (!box.isConnected) return;
      box.checked = !checked;
      box.click();
    });
    const press = held?.pressAgain;
    letGo();
    press?.();
  };
  return { release, giveUp };
}

/**
 * Where the head's hold waits for the app to take it: the presses, what stops watching the app's
 * code load, and what the app's entry tells as it runs.
 */
const HELD = '__socialConnectHeldPresses';
type Holding = Window & { [HELD]?: { presses: HeldPresses; taken(): void; entryRuns(): void } };

/** The app's own code (its entry and first chunks, under /static/ on this origin), as a script's resolved `src` names it. */
function isAppCode(src: string): boolean {
  return src.startsWith(`${window.location.origin}/static/`);
}

/** The class of what a page says when the app's code could not load (public/boot.css). */
const START_FAILED_CLASS = 'start-failed';

/**
 * Says on the page, once, that the app could not start: above the page's form where it has one
 * (what was typed stays), else in #root. In English, the one language the head has.
 */
function sayCouldNotLoad(): void {
  const root = document.getElementById('root');
  if (!root || root.querySelector(`.${START_FAILED_CLASS}`)) return;
  const notice = document.createElement('p');
  notice.className = START_FAILED_CLASS;
  notice.setAttribute('role', 'alert');
  notice.lang = 'en';
  notice.textContent = [firstEnglish['app.couldNotStart']].flat().join('');
  (root.querySelector('form') ?? root).prepend(notice);
}

/**
 * From the page's head: presses on the page's #root are held until the app takes them over. Should
 * the app's code fail to load (a dropped connection, a build replaced under a running server), no
 * app will take them: the press held is let go, presses are no longer held (a form then goes to its
 * page's own address, which answers the page again), and the page says the app could not start,
 * instead of a button that works for ever. Its entry counts as failed too when the page has loaded
 * and it never ran, however that came about: the browser waits for an async script to run, or to
 * fail, before it fires the page's `load`, and an entry answered with something that is not the
 * app's script (a proxy's or a portal's page) fails to run with no failed load to hear.
 */
export function holdPressesFromTheHead(): void {
  const holding = window as Holding;
  if (holding[HELD]) return;
  const presses = holdPresses(() => document.getElementById('root'));
  let entryRan = false;
  const stopWatching = () => {
    window.removeEventListener('error', appCodeFailed, true);
    window.removeEventListener('load', loaded);
  };
  const failed = () => {
    stopWatching();
    presses.giveUp();
    sayCouldNotLoad();
  };
  const appCodeFailed = (event: Event) => {
    if (event.target instanceof HTMLScriptElement && isAppCode(event.target.src)) failed();
  };
  const loaded = () => {
    if (!entryRan) failed();
  };
  // A script's failed load does not bubble: it is heard on its way down.
  window.addEventListener('error', appCodeFailed, true);
  window.addEventListener('load', loaded, { once: true });
  holding[HELD] = {
    presses,
    taken: stopWatching,
    entryRuns: () => {
      entryRan = true;
    },
  };
}

/**
 * The app's entry, as its first step: it runs. From here its own chunks failing is what the head
 * still listens for, until the app takes the presses over.
 */
export function appEntryRuns(): void {
  (window as Holding)[HELD]?.entryRuns();
}

/**
 * The app, starting: the presses held since the page's head, or held from now on should /theme.js
 * not have run (a dropped connection). Call the result once the app has taken the page over. From
 * here on the app says itself what failed to load (main.tsx).
 */
export function takeHeldPresses(container: HTMLElement): () => void {
  const holding = window as Holding;
  const held = holding[HELD];
  delete holding[HELD];
  held?.taken();
  return (held?.presses ?? holdPresses(() => container)).release;
}
