import { Outlet } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { TIMINGS } from '../../config/timings';
import { LoaderOverlay } from './LoaderOverlay';
import { TopBar } from './TopBar';

/**
 * Around every route: the top bar, the page (each page or the member shell brings its own <main>),
 * the toasts (bottom-center; each toast is role="alert", so screen readers announce it) and the
 * global loader.
 */
export function AppLayout() {
  return (
    <div className="app">
      <TopBar />
      <Outlet />
      <ToastContainer position="bottom-center" autoClose={TIMINGS.toastMs} newestOnTop closeOnClick pauseOnFocusLoss={false} theme="light" />
      <LoaderOverlay />
    </div>
  );
}
