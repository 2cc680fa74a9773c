import { useId, useRef } from 'react';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { DataSection } from '../features/account/components/DataSection';
import { DeleteAccountSection } from '../features/account/components/DeleteAccountSection';
import { EmailSection } from '../features/account/components/EmailSection';
import { DeviceList } from '../features/devices/components/DeviceList';
import { ModerationSection } from '../features/moderation/components/ModerationSection';
import { QuotePolicySection } from '../features/reposts/components/QuotePolicySection';
import { TwoFactorSection } from '../features/twoFactor/components/TwoFactorSection';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { useCapability } from '../lib/api/capabilities';
import { useT } from '../i18n/useT';
import './FeedPages.css';
import './MutedAndBlockedPage.css';

/**
 * /settings/account: the member's email address, two-factor sign-in, the devices they are logged in on,
 * their data to download or import, and deleting the account (the `accounts` extension); who may
 * quote their posts (the `reposts` extension); for an admin, the network's rules and its moderators
 * (the `moderation` extension).
 */
export function AccountPage() {
  const say = useT();
  const has = useCapability('accounts');
  const quotes = useCapability('reposts') === true;
  const emailId = useId();
  const devicesId = useId();
  const twoFactorId = useId();
  const dataId = useId();
  const deleteId = useId();
  const downloadRef = useRef<HTMLButtonElement>(null);
  useLoaderOffAfter(has !== undefined, TIMINGS.loaderOffShortMs);
  usePageTitle(say('page.account'));
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">{say('page.account')}</h1>
      {quotes ? <QuotePolicySection /> : null}
      <ModerationSection />
      {has === true ? (
        <>
          <section aria-labelledby={emailId}>
            <h2 id={emailId} className="muted-and-blocked__title">{say('account.email')}</h2>
            <p className="feed-page__status">{say('account.emailAbout')}</p>
            <EmailSection />
          </section>
          <section aria-labelledby={twoFactorId}>
            <h2 id={twoFactorId} className="muted-and-blocked__title">{say('twoFactor.title')}</h2>
            <TwoFactorSection />
          </section>
          <section aria-labelledby={devicesId}>
            <h2 id={devicesId} className="muted-and-blocked__title">{say('account.devices')}</h2>
            <p className="feed-page__status">{say('devices.about')}</p>
            <DeviceList />
          </section>
          <section aria-labelledby={dataId}>
            <h2 id={dataId} className="muted-and-blocked__title">{say('account.data')}</h2>
            <p className="feed-page__status">{say('account.dataAbout')}</p>
            <DataSection downloadRef={downloadRef} />
          </section>
          <section aria-labelledby={deleteId}>
            <h2 id={deleteId} className="muted-and-blocked__title">{say('leaving.title')}</h2>
            <DeleteAccountSection onDownloadFirst={() => downloadRef.current?.focus()} />
          </section>
        </>
      ) : null}
      {has === false ? <p className="feed-page__status">{say('devices.unavailable')}</p> : null}
    </div>
  );
}
