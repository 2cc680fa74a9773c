/**
 * The keyboard's shortcuts, as Mastodon's web client has them: one list, which the shortcuts follow
 * (useKeyboardShortcuts) and the `?` window shows (ShortcutsDialog), each action's words in the catalogues
 * as `shortcut.<action>`.
 */
export type ShortcutAction =
  | 'nextPost'
  | 'previousPost'
  | 'like'
  | 'bookmark'
  | 'warning'
  | 'replies'
  | 'compose'
  | 'search'
  | 'goHome'
  | 'goExplore'
  | 'goBookmarks'
  | 'goProfile'
  | 'workbench'
  | 'help';

/**
 * A shortcut: its keys, pressed one after the other (`g` then `h`), and its action, whose words are
 * `shortcut.<action>` in the catalogues. QA's workbench, in stand-in builds alone, says its own in
 * English as the workbench does: no catalogue, so no build for a real server, carries a word of it.
 */
export type Shortcut =
  | { keys: readonly string[]; action: Exclude<ShortcutAction, 'workbench'> }
  | { keys: readonly string[]; action: 'workbench'; does: string };

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['j'], action: 'nextPost' },
  { keys: ['k'], action: 'previousPost' },
  { keys: ['l'], action: 'like' },
  { keys: ['b'], action: 'bookmark' },
  { keys: ['x'], action: 'warning' },
  { keys: ['r'], action: 'replies' },
  { keys: ['n'], action: 'compose' },
  { keys: ['/'], action: 'search' },
  { keys: ['g', 'h'], action: 'goHome' },
  { keys: ['g', 'e'], action: 'goExplore' },
  { keys: ['g', 'b'], action: 'goBookmarks' },
  { keys: ['g', 'p'], action: 'goProfile' },
  // Only where the stand-in answers: compared literally, so a build on a real server has none of it.
  ...(process.env.API_MOCKING !== 'off' ? [{ keys: ['g', 'w'], action: 'workbench', does: "Open the stand-in's workbench (QA: scenarios and faults)" } as const] : []),
  { keys: ['?'], action: 'help' },
];

/** The key that starts a two-key shortcut. */
const FIRST_OF_TWO = new Set(SHORTCUTS.filter(({ keys }) => keys.length === 2).map(({ keys }) => keys[0]!));

/**
 * Whether a key press is the member typing (or using the browser's and the system's own shortcuts)
 * rather than a shortcut: a key with Ctrl, Meta (Cmd) or Alt held, or pressed in a field (a text box,
 * a select, anything editable).
 */
export function isTyping(event: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="textbox"]') !== null;
}

/**
 * Reads key presses into shortcuts: one key, or the second of two when it comes soon enough after
 * the first (`withinMs`). Returns a function to give each press to: the action it completes, 'wait'
 * when it starts a two-key shortcut, or null.
 */
export function shortcutReader(withinMs: number): (key: string, at: number) => ShortcutAction | 'wait' | null {
  let first: { key: string; at: number } | null = null;
  return (key, at) => {
    const started = first !== null && at - first.at <= withinMs ? first.key : null;
    first = null;
    if (started !== null) {
      const second = SHORTCUTS.find(({ keys }) => keys.length === 2 && keys[0] === started && keys[1] === key);
      if (second) return second.action;
    }
    if (FIRST_OF_TWO.has(key)) {
      first = { key, at };
      return 'wait';
    }
    return SHORTCUTS.find(({ keys }) => keys.length === 1 && keys[0] === key)?.action ?? null;
  };
}
