import { useId } from 'react';
import { EMPTY_LIST_ATTRIBUTE, focusAfterRemoval } from '../../../components/focusAfterRemoval';
import { formatPostTime, toDateTimeAttribute } from '../../../lib/formatDate';
import { t } from '../../../i18n/i18n';
import { useLanguage, useT } from '../../../i18n/useT';
import type { DeviceSession } from '../../../types/api';
import { notifySuccess } from '../../ui/notify';
import { useEndDeviceMutation, useEndOtherDevicesMutation, useGetDevicesQuery } from '../devicesApi';
import './DeviceList.css';

/** A device as the list names it: "Firefox on Android", one of the two, or "Unknown device". */
export function deviceName({ browser, system }: Pick<DeviceSession, 'browser' | 'system'>): string {
  if (browser !== '' && system !== '') return t('devices.name', { browser, system });
  return browser || system || t('devices.unknown');
}

function When({ at }: { at: string }) {
  const language = useLanguage();
  return <time dateTime={toDateTimeAttribute(at)}>{formatPostTime(at, language)}</time>;
}

/**
 * The member's devices (the `accounts` extension): this one first, then the last active first, each
 * other one with its Log out; and Log out everywhere else while there is another.
 */
export function DeviceList() {
  const say = useT();
  const language = useLanguage();
  const listId = useId();
  const { data: devices, isLoading, isError } = useGetDevicesQuery();
  const [endDevice, ending] = useEndDeviceMutation();
  const [endOthers, endingOthers] = useEndOtherDevicesMutation();
  const busy = ending.isLoading || endingOthers.isLoading;

  if (isLoading) return <p className="feed-page__status">{say('devices.loading')}</p>;
  if (isError && !devices) return <p className="feed-page__status" role="status">{say('devices.failed')}</p>;
  if (!devices) return null;
  const others = devices.filter((device) => !device.current);

  const logOut = async (button: HTMLElement, device: DeviceSession) => {
    if (busy) return;
    const item = button.closest('li');
    const list = item?.parentElement;
    // The focus goes to the next device's Log out, or to what says no other is left.
    const refocus = item && list ? focusAfterRemoval(item, {
      items: Array.from(list.querySelectorAll<HTMLElement>('li')).filter((entry) => entry.querySelector('button')),
      target: (next) => next.querySelector('button'),
      within: list.parentElement ?? list,
    }) : undefined;
    try {
      await endDevice(device).unwrap();
    } catch {
      // The app's listener showed the backend's message; the device stays listed.
      return;
    }
    notifySuccess(t('devices.loggedOut', { device: deviceName(device) }));
    refocus?.();
  };

  const logOutOthers = async () => {
    if (busy) return;
    try {
      await endOthers().unwrap();
    } catch {
      return;
    }
    notifySuccess(t('devices.loggedOutOthers'));
    document.querySelector<HTMLElement>(`[${EMPTY_LIST_ATTRIBUTE}]`)?.focus();
  };

  return (
    <>
      <ul className="device-list" id={listId} aria-label={say('devices.list')}>
        {devices.map((device) => {
          const name = deviceName(device);
          return (
            <li key={device.id} className="device-list__item">
              <span className="device-list__what">
                <span className="device-list__name">
                  {name}
                  {device.current ? <span className="device-list__this">{say('devices.thisDevice')}</span> : null}
                </span>
                <span className="device-list__detail">
                  {say('devices.signedIn')} <When at={device.signedInAt} />
                </span>
                {device.current ? null : (
                  <span className="device-list__detail">
                    {say('devices.lastSeen')} <When at={device.lastSeenAt} />
                  </span>
                )}
                {device.address !== '' ? <span className="device-list__detail">{say('devices.address', { address: device.address })}</span> : null}
              </span>
              {device.current ? null : (
                <button
                  type="button"
                  className="pill-button"
                  aria-label={say('devices.logOutNamed', { device: name, when: formatPostTime(device.lastSeenAt, language) })}
                  aria-disabled={busy || undefined}
                  onClick={(event) => void logOut(event.currentTarget, device)}
                >
                  {say('devices.logOut')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <button type="button" className="button button--secondary device-list__others" aria-controls={listId} aria-disabled={busy || undefined} onClick={() => void logOutOthers()}>
          {say('devices.logOutOthers')}
        </button>
      ) : (
        // Focusable by script: the focus of the last device logged out comes here.
        <p className="feed-page__status" tabIndex={-1} {...{ [EMPTY_LIST_ATTRIBUTE]: '' }}>{say('devices.onlyThis')}</p>
      )}
    </>
  );
}
