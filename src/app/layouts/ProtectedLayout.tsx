import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from '../../lib/store/hooks';
import { selectCurrentUserId, selectIsLoggedIn } from '../../features/auth/sessionSlice';
import { useGetBookmarkPagesInfiniteQuery } from '../../features/bookmarks/bookmarksApi';
import { useGetUserQuery } from '../../features/users/usersApi';
import { useHealthAsked } from '../../lib/api/api';
import { useChangesFromOtherTabs } from '../../features/live/useChangesFromOtherTabs';
import { useLiveNetwork } from '../../features/live/useLiveNetwork';
import { useReconnect } from '../../features/live/useReconnect';
import { ConnectionNotice } from '../../features/live/components/ConnectionNotice';
import { LeavingBanner } from '../../features/account/components/LeavingBanner';
import { useWaitingWrites } from '../../offline/useWaitingWrites';
import { useLanguageFromRecord } from '../../features/language/memberLanguage';
import { useKeyboardShortcuts } from '../useKeyboardShortcuts';
import { MemberSidePanel } from './memberPanels';
import { paths } from '../../config/paths';
import { BottomNav } from './BottomNav';
import { ShortcutsDialog } from './ShortcutsDialog';
import { SideNav } from './SideNav';
import { NO_SIDE_PANEL_QUERY, PHONE_QUERY, useMediaQuery } from '../../components/useMediaQuery';
import './ProtectedLayout.css';

/**
 * Protected routes: a visitor goes to /login with the wanted location kept. When the session ends
 * here, whoever ended it moves the member on: logout goes to a plain /login (so the next login starts
 * at home), an expired session to /login with the location kept (the store's listener).
 */
export function ProtectedLayout() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [arrivedLoggedIn] = useState(loggedIn);
  const location = useLocation();
  if (loggedIn) return <MemberShell />;
  if (arrivedLoggedIn) return null;
  return <Navigate to={paths.login.href()} replace state={{ from: location }} />;
}

/**
 * Keyboard and screen-reader members start each new page at its content: after a navigation focus
 * moves to <main>, and on arrival (after logging in) too when focus was left on nothing. In the
 * commit that shows the page, before it is painted: a key pressed as soon as the page is on screen
 * (n, which focuses the composer) comes after this move, never before it.
 */
function useFocusOnNewPage(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const arrived = useRef(false);
  useLayoutEffect(() => {
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (arrived.current || focusLost) mainRef.current?.focus({ preventScroll: true });
    arrived.current = true;
  }, [pathname, mainRef]);
}

/**
 * The member's shell: side navigation, the page, the side panel; on phones the bottom navigation
 * instead. It loads the current member (a reload only knows their id from the token). Their
 * bookmarks (the first page) are the cheapest call that needs the token,
 * so loading them also checks it: if the backend no longer accepts the token, the app's listeners end
 * the session and go to /login. Any other failure of theirs leaves the page as it is, but on
 * Bookmarks, whose content they are (CallOptions.pageOf). The member's other tabs' changes, the live network and the connection
 * (a notice while it is lost) are followed here, an account set to be deleted is said atop every page (with the way to keep it), the writes kept waiting from an earlier visit join the outbox here, the language on the member's record is spoken here, and the keyboard's shortcuts answer here.
 */
function MemberShell() {
  const userId = useAppSelector(selectCurrentUserId);
  // The member's record: a login put it in the cache; a reload (the token alone) fetches it. Not
  // fetched again after a login: that answer would be no newer, and landing after a follow or an edit
  // made at once it would put the older record back.
  useGetUserQuery(userId ?? skipToken);
  // Which extensions the backend has (pages, the feed, changed-only answers): asked once (again while
  // it gets no answer), used by the calls. A login or signup asked already, while the member read its toast.
  useHealthAsked();
  useGetBookmarkPagesInfiniteQuery();
  useChangesFromOtherTabs();
  useLiveNetwork();
  useReconnect();
  useWaitingWrites();
  useLanguageFromRecord();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const hasSidePanelRoom = !useMediaQuery(NO_SIDE_PANEL_QUERY);
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNewPage(mainRef);
  // After useFocusOnNewPage: a shortcut that leads to a page may then move the focus on into it.
  const shortcutsHelp = useKeyboardShortcuts();

  return (
    <div className={`member-shell${isPhone ? ' member-shell--phone' : ''}`}>
      {isPhone ? null : <SideNav />}
      <main ref={mainRef} id="main-content" className="member-shell__main" tabIndex={-1}>
        <ConnectionNotice />
        <LeavingBanner />
        <Outlet />
      </main>
      {isPhone ? <BottomNav /> : null}
      {hasSidePanelRoom ? <MemberSidePanel className="member-shell__panel" /> : null}
      {shortcutsHelp.isOpen ? <ShortcutsDialog onClose={shortcutsHelp.close} /> : null}
    </div>
  );
}
