import { useAppSelector } from '../../../lib/store/hooks';
import { selectConnectionLost } from '../connectionSlice';
import { CONNECTION_TEXTS, useDeviceOffline } from '../connectionTexts';
import './ConnectionNotice.css';

/**
 * The one line that says the connection is lost, above the page, for as long as it is: what the page
 * shows stays under it. Its live region is on the page from the start, so a screen reader reads the
 * line out once, when it comes, and hears nothing more until the connection changes.
 */
export function ConnectionNotice() {
  const lost = useAppSelector(selectConnectionLost);
  const offline = useDeviceOffline();
  return (
    <div className="connection-notice" role="status">
      {lost ? <p className="connection-notice__line">{offline ? CONNECTION_TEXTS.offline : CONNECTION_TEXTS.unreachable}</p> : null}
    </div>
  );
}
