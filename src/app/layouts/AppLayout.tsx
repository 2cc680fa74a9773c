import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import type { ToastContainerProps } from 'react-toastify/unstyled';
// The unstyled code (loadToasts): the stylesheet comes from the CSS file below, not a <style> element the CSP refuses.
import 'react-toastify/dist/ReactToastify.css';
import { TIMINGS } from '../../config/timings';
import { NO_HOVER_QUERY, useMediaQuery } from '../../components/useMediaQuery';
import { useSessionAcrossTabs } from '../../features/auth/useSessionAcrossTabs';
import { loadToasts, useToastsWanted } from '../../features/ui/notify';
import { LoaderOverlay } from './LoaderOverlay';
import { TopBar } from './TopBar';

/**
 * The toasts' container, in the toasts' code: on screen from the first toast on. Toasts zoom in and
 * out where they stand: flying up from the bottom edge, they passed over the phone's bottom
 * navigation and took a tap meant for it.
 */
const ToastContainer = lazy(async () => {
  const { ToastContainer: Container, Zoom } = await loadToasts();
  return { default: (props: ToastContainerProps) => <Container transition={Zoom} {...props} /> };
});

/**
 * Around every route: the top bar, the page (each page or the member shell brings its own <main>),
 * the toasts (bottom-center; each toast is role="alert", so screen readers announce it) and the
 * global loader. The member's other tabs are followed: their logging out or in (their changes, by
 * the member shell). Nothing here needs the API's code, which /login and /signup load only to call.
 */
export function AppLayout() {
  useSessionAcrossTabs();
  // Pausing a toast under the pointer helps a reader with a mouse; on a touch screen the last tap
  // "hovers" for good, and a toast over a dialog's buttons would never leave.
  const canHover = !useMediaQuery(NO_HOVER_QUERY);
  const toastsWanted = useToastsWanted();
  return (
    <div className="app">
      <TopBar />
      <Outlet />
      {toastsWanted ? (
        <Suspense fallback={null}>
          <ToastContainer
            position="bottom-center"
            autoClose={TIMINGS.toastMs}
            newestOnTop
            closeOnClick
            pauseOnFocusLoss={false}
            pauseOnHover={canHover}
            theme="light"
          />
        </Suspense>
      ) : null}
      <LoaderOverlay />
    </div>
  );
}
