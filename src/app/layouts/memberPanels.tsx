import { lazy, Suspense, useState } from 'react';
import { useLogout } from '../../features/auth/useLogout';
import { LogoutIcon } from './icons';
import type { LogoutPress } from './LogoutQuestion';
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

const LogoutQuestion = lazy(async () => ({
  default: (await import(/* webpackChunkName: "member-people" */ './LogoutQuestion')).LogoutQuestion,
}));

/**
 * Logout (the top bar's, or the bottom navigation's on phones): one button from the first frame,
 * so a press begun while the member's tools load is not lost to a button swapped under it. Until
 * they have loaded it logs out (nothing can wait to be sent before a member's pages have opened,
 * and they bring it); then, while changes wait to be sent (the outbox), it asks first.
 */
export function Logout({ className }: { className: string }) {
  const logout = useLogout();
  const say = useT();
  const [press, setPress] = useState<LogoutPress | null>(null);
  return (
    <>
      <button type="button" className={className} aria-label={say('nav.logout')} title={say('nav.logout')} aria-haspopup={press?.asks ? 'dialog' : undefined} onClick={press?.onPress ?? logout}>
        <LogoutIcon />
      </button>
      <Suspense fallback={null}>
        <LogoutQuestion onPress={setPress} />
      </Suspense>
    </>
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
