import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { DeviceList } from '../features/devices/components/DeviceList';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { useCapability } from '../lib/api/capabilities';
import { useT } from '../i18n/useT';
import './FeedPages.css';

/** /settings/devices: the devices the member is logged in on (the `accounts` extension). */
export function DevicesPage() {
  const say = useT();
  const has = useCapability('accounts');
  useLoaderOffAfter(has !== undefined, TIMINGS.loaderOffShortMs);
  usePageTitle(say('page.devices'));
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">{say('page.devices')}</h1>
      {has === true ? (
        <>
          <p className="feed-page__status">{say('devices.about')}</p>
          <DeviceList />
        </>
      ) : null}
      {has === false ? <p className="feed-page__status">{say('devices.unavailable')}</p> : null}
    </div>
  );
}
