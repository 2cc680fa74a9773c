import { lazy, Suspense } from 'react';

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
