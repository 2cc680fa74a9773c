import { lazy, Suspense } from 'react';
import { useLogout } from '../../features/auth/useLogout';
import { LogoutIcon } from './icons';
import { useT } from '../../i18n/firstWords';

/**
 * The people search of the top bar and the side panel are for members only: they load in a chunk of
 * their own once a member's screen shows, so the logged-out pages do not carry them. While it loads,
 * an empty box keeps their place, so nothing around them moves.
 */
const PeopleSearch = lazy(async () => ({
  default: (await import(/* webpackChunkName: "member-people" */ '../../features/users/components/PeopleSearch')).PeopleSearch,
}));
const SidePanel = lazy(async () => ({
  default: (await import(/* webpackChunkName: "member-people" */ '../../features/users/components/SidePanel')).SidePanel,
}));

const LogoutButton = lazy(async () => ({
  default: (await import(/* webpackChunkName: "member-people" */ './LogoutButton')).LogoutButton,
}));

/**
 * The top bar's Logout, which asks first while changes wait to be sent (LogoutButton): with the
 * member's tools. While it loads, the plain button (nothing can wait before a member's pages have
 * opened, and they bring it).
 */
export function TopBarLogout({ className }: { className: string }) {
  const logout = useLogout();
  const say = useT();
  return (
    <Suspense
      fallback={
        <button type="button" className={className} aria-label={say('nav.logout')} title={say('nav.logout')} onClick={logout}>
          <LogoutIcon />
        </button>
      }
    >
      <LogoutButton className={className} />
    </Suspense>
  );
}

export function TopBarSearch({ className }: { className: string }) {
  return (
    <Suspense fallback={<div className={className} />}>
      <PeopleSearch variant="bar" className={className} />
    </Suspense>
  );
}

export function MemberSidePanel({ className }: { className: string }) {
  return (
    <Suspense fallback={<div className={className} />}>
      <SidePanel className={className} />
    </Suspense>
  );
}
