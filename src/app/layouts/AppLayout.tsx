import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import type { CloseButtonProps, ToastContainerProps } from 'react-toastify/unstyled';
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
  // The app's words come with the toasts: the region and each close button are named in the member's language.
  const [{ ToastContainer: Container, Zoom }, { useT }] = await Promise.all([loadToasts(), import(/* webpackChunkName: "i18n" */ '../../i18n/useT')]);
  function CloseToast({ closeToast, theme }: CloseButtonProps) {
    const say = useT();
    return (
      <button
        type="button"
        className={`Toastify__close-button Toastify__close-button--${theme}`}
        aria-label={say('toasts.close')}
        onClick={(event) => {
          // The toast itself closes on a click too: this one closes it once.
          event.stopPropagation();
          closeToast(true);
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 14 16">
          <path fillRule="evenodd" d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z" />
        </svg>
      </button>
    );
  }
  function Toasts(props: ToastContainerProps) {
    const say = useT();
    return <Container transition={Zoom} aria-label={say('toasts.region')} closeButton={CloseToast} {...props} />;
  }
  return { default: Toasts };
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
            // The timer's bar still shows (global.css), but as decoration: react-toastify names it for
            // assistive technology in English ("notification timer"), and its seconds tell a listener
            // nothing the toast, announced as it came, has not.
            hideProgressBar
            theme="light"
          />
        </Suspense>
      ) : null}
      <LoaderOverlay />
    </div>
  );
}
