import { useAppSelector } from '../../../lib/store/hooks';
import { selectConnectionLost, selectKeptAsOf } from '../connectionSlice';
import { connectionText, useDeviceOffline } from '../connectionTexts';
import { useLanguage } from '../../../i18n/firstWords';
import './ConnectionNotice.css';

/**
 * The one line that says the connection is lost, atop the page, for as long as it is: what the page
 * shows stays under it. Its live region is on the page from the start, so a screen reader reads the
 * line out once, when it comes, and hears nothing more until the connection changes. While what is
 * shown was kept from an earlier visit (offline/keptReads.ts), the line says from when.
 */
export function ConnectionNotice() {
  const lost = useAppSelector(selectConnectionLost);
  const offline = useDeviceOffline();
  const keptAsOf = useAppSelector(selectKeptAsOf);
  // Worded again when the member switches language.
  useLanguage();
  return (
    <div className="connection-notice" role="status">
      {lost ? <p className="connection-notice__line">{connectionText(offline ? 'offline' : 'unreachable', keptAsOf)}</p> : null}
    </div>
  );
}
