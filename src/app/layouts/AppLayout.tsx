import { Outlet } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TIMINGS } from '../../config/timings';
import { NO_HOVER_QUERY, useMediaQuery } from '../../components/useMediaQuery';
import { LoaderOverlay } from './LoaderOverlay';
import { TopBar } from './TopBar';

/**
 * Around every route: the top bar, the page (each page or the member shell brings its own <main>),
 * the toasts (bottom-center; each toast is role="alert", so screen readers announce it) and the
 * global loader.
 */
export function AppLayout() {
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
