import './LoaderOverlay.css';

/** What shows while the first screen's code downloads (the router's HydrateFallback). */
export function AppFallback() {
  return (
    <div className="loader-overlay loader-overlay--start" role="status" aria-label="Loading SocialConnect">
      <span className="loader-overlay__spinner" aria-hidden="true" />
    </div>
  );
}
