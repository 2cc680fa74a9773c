import { Outlet } from 'react-router-dom';
// The unstyled entry: the stylesheet comes from the CSS file below, not a <style> element the CSP refuses.
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';
import { TIMINGS } from '../../config/timings';
import { NO_HOVER_QUERY, useMediaQuery } from '../../components/useMediaQuery';
import { useSessionAcrossTabs } from '../../features/auth/useSessionAcrossTabs';
import { useGetHealthQuery } from '../../lib/api/api';
import { useChangesFromOtherTabs } from '../useChangesFromOtherTabs';
import { LoaderOverlay } from './LoaderOverlay';
import { TopBar } from './TopBar';

/**
 * Around every route: the top bar, the page (each page or the member shell brings its own <main>),
 * the toasts (bottom-center; each toast is role="alert", so screen readers announce it) and the
 * global loader. The member's other tabs are followed: their logging out or in, and their changes.
 */
export function AppLayout() {
  useSessionAcrossTabs();
  useChangesFromOtherTabs();
  // Which extensions the backend has (changed-only answers): asked once, used by the calls.
  useGetHealthQuery();
  // Pausing a toast under the pointer helps a reader with a mouse; on a touch screen the last tap
  // "hovers" for good, and a toast over a dialog's buttons would never leave.
  const canHover = !useMediaQuery(NO_HOVER_QUERY);
  return (
    <div className="app">
      <TopBar />
      <Outlet />
      <ToastContainer
        position="bottom-center"
        autoClose={TIMINGS.toastMs}
        newestOnTop
        closeOnClick
        pauseOnFocusLoss={false}
        pauseOnHover={canHover}
        theme="light"
      />
      <LoaderOverlay />
    </div>
  );
}
