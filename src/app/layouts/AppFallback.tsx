import { useT } from '../../i18n/firstWords';
import './LoaderOverlay.css';

/** What shows while the first screen's code downloads (the router's HydrateFallback). */
export function AppFallback() {
  const say = useT();
  return (
    <div className="loader-overlay loader-overlay--start" role="status" aria-label={say('shell.loadingApp')}>
      <span className="loader-overlay__spinner" aria-hidden="true" />
    </div>
  );
}
