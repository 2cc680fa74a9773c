/**
 * Presses held until the app has started (src/main.tsx). The hold begins in the page's head
 * (/theme.js, a plain script that runs before the first paint), so that a press is held from the
 * moment the page is on screen: the app's own entry is an async script, and on a page built ahead
 * it starts the app only once the page is painted.
 */

/**
 * Until the app has taken over a page built ahead (/login, /signup), its buttons have no handlers
 * yet, and a press of Enter or of a submit button would send the form to the page's own address.
 * This holds a member's press (nothing typed is lost), shows at once that the button is working
 * (`aria-busy` and a spinner; "Fill Test Credentials" fills the form at once), and, once the app
 * has taken the page over, makes it again: a press is answered, late, never dropped, unless the
 * member typed on after it, in which case what they typed wins and the press is let go (made again,
 * it would overwrite or mix with the text). The last press is the one kept, and boxes ticked
 * meanwhile count. Presses within `root()` alone are held. Returns the release: it makes the press
 * again, once.
 */
function holdPresses(root: () => Element | null): () => void {
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
  return () => {
    for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
    ticked.forEach((checked, box) => {
      if (!box.isConnected) return;
      box.checked = !checked;
      box.click();
    });
    const press = held?.pressAgain;
    letGo();
    press?.();
  };
}

/** Where the head's hold waits for the app to take it. */
const HELD = '__socialConnectHeldPresses';
type Holding = Window & { [HELD]?: () => void };

/** From the page's head: presses on the page's #root are held until the app takes them over. */
export function holdPressesFromTheHead(): void {
  const holding = window as Holding;
  holding[HELD] ??= holdPresses(() => document.getElementById('root'));
}

/**
 * The app, starting: the presses held since the page's head, or held from now on should /theme.js
 * not have run (a dropped connection). Call the result once the app has taken the page over.
 */
export function takeHeldPresses(container: HTMLElement): () => void {
  const holding = window as Holding;
  const release = holding[HELD] ?? holdPresses(() => container);
  delete holding[HELD];
  return release;
}
