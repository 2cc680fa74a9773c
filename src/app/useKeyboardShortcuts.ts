import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useHistoryWindow, type HistoryWindow } from '../components/useHistoryWindow';
import { paths } from '../config/paths';
import { TIMINGS } from '../config/timings';
import { selectCurrentUserId } from '../features/auth/sessionSlice';
import { composerTextBox, feedPosts, postActionButton, postAround, postIdOf } from '../features/posts/postShortcuts';
import { useAppSelector } from '../lib/store/hooks';
import { isTyping, shortcutReader, type ShortcutAction } from './keyboardShortcuts';

/** The page's content, where the posts and the composer are. */
function mainContent(): HTMLElement {
  return document.getElementById('main-content') ?? document.body;
}

/** The first card not scrolled away above the top bar: where j or k starts when no post has the focus. */
function firstPostInView(cards: HTMLElement[]): HTMLElement | undefined {
  const under = document.querySelector('.top-bar')?.getBoundingClientRect().bottom ?? 0;
  return cards.find((card) => card.getBoundingClientRect().bottom > under) ?? cards[0];
}

/** Moves the focus to the next (or previous) post of the feed, and brings it into view. */
function moveThroughFeed(step: 1 | -1): void {
  const cards = feedPosts(mainContent());
  if (cards.length === 0) return;
  const current = postAround(document.activeElement);
  const at = current ? cards.indexOf(current) : -1;
  const next = at < 0 ? firstPostInView(cards) : cards[Math.min(Math.max(at + step, 0), cards.length - 1)];
  if (!next) return;
  next.focus({ preventScroll: true });
  // Its scroll margins keep it clear of the sticky bars.
  next.scrollIntoView?.({ block: 'nearest' });
}

/**
 * The keyboard's shortcuts over the member's pages (keyboardShortcuts.ts lists them): j and k move
 * through the feed, l, b and r act on the post that has the focus, n writes, / searches, g then a
 * letter goes to a page, and ? opens the window that lists them (returned, for the shell to show).
 * None acts while the member types in a field, with Ctrl, Meta or Alt held, or while a window is open.
 */
export function useKeyboardShortcuts(): HistoryWindow {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const myId = useAppSelector(selectCurrentUserId);
  const help = useHistoryWindow('keyboard-shortcuts');
  // n where the page has no composer goes to Create post, whose composer then takes the focus, in
  // the commit that shows it (after the shell's move to <main>, as useFocusOnNewPage's is).
  const composeOnArrival = useRef(false);

  useLayoutEffect(() => {
    if (!composeOnArrival.current) return;
    composeOnArrival.current = false;
    composerTextBox(mainContent())?.focus();
  }, [pathname]);

  // Both in the commit that shows the shell, before it is painted: an effect after the paint may run
  // well after a member (or a test) has pressed keys on the page they see, and those would be lost.
  const latest = useRef({ navigate, pathname, myId, openHelp: help.open });
  useLayoutEffect(() => {
    latest.current = { navigate, pathname, myId, openHelp: help.open };
  }, [navigate, pathname, myId, help.open]);

  useLayoutEffect(() => {
    const go = (to: string) => {
      if (to !== latest.current.pathname) void latest.current.navigate(to);
    };
    const onPost = (act: (card: HTMLElement) => void) => {
      const card = postAround(document.activeElement);
      if (card) act(card);
    };
    const run = (action: ShortcutAction) => {
      switch (action) {
        case 'nextPost': return moveThroughFeed(1);
        case 'previousPost': return moveThroughFeed(-1);
        case 'like': return onPost((card) => postActionButton(card, 'like')?.click());
        case 'bookmark': return onPost((card) => postActionButton(card, 'bookmark')?.click());
        case 'warning': return onPost((card) => postActionButton(card, 'warning')?.click());
        case 'replies': return onPost((card) => go(paths.post.href(postIdOf(card))));
        case 'compose': {
          const box = composerTextBox(mainContent());
          if (box) return box.focus();
          composeOnArrival.current = true;
          return go(paths.createPost.href());
        }
        case 'search': return document.querySelector<HTMLInputElement>('.top-bar__search input')?.focus();
        case 'goHome': return go(paths.home.href());
        case 'goExplore': return go(paths.explore.href());
        case 'goBookmarks': return go(paths.bookmarks.href());
        case 'goProfile': return latest.current.myId ? go(paths.profile.href(latest.current.myId)) : undefined;
        case 'help': return latest.current.openHelp();
      }
    };
    const read = shortcutReader(TIMINGS.shortcutSecondKeyMs);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event)) return;
      // A window open over the page (this one's list, an edit window) has the keyboard to itself.
      if (document.querySelector('[aria-modal="true"]')) return;
      const action = read(event.key, event.timeStamp);
      if (action === null) return;
      // The key does nothing else: no letter typed into the box it focuses, no find-in-page for /.
      event.preventDefault();
      if (action !== 'wait') run(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return help;
}
