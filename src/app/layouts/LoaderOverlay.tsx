import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { loaderHidden, selectShowLoader } from '../../features/ui/uiSlice';
import { useT } from '../../i18n/firstWords';
import './LoaderOverlay.css';

/**
 * The screens turn the loader off on the spec's timings; if one never does (a page still loading
 * after a slow answer, a navigation that went nowhere), the overlay lifts itself after this long.
 */
export const LOADER_SAFETY_MS = 3000;

/** The global full-page loader (spec section 2), shown while ui.showLoader is set. */
export function LoaderOverlay() {
  const dispatch = useAppDispatch();
  const visible = useAppSelector(selectShowLoader);
  const say = useT();

  useEffect(() => {
    if (!visible) return undefined;
    const timer = window.setTimeout(() => dispatch(loaderHidden()), LOADER_SAFETY_MS);
    return () => window.clearTimeout(timer);
  }, [visible, dispatch]);

  if (!visible) return null;
  return (
    <div className="loader-overlay" role="status" aria-label={say('shell.loading')}>
      <span className="loader-overlay__spinner" aria-hidden="true" />
    </div>
  );
}
