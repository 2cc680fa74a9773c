import { Outlet } from 'react-router-dom';

/** Placeholder: top bar, toasts, loader overlay around every route. */
export function AppLayout() {
  return <Outlet />;
}
