import { useRef } from 'react';
import { SettingsSection } from '../components/SettingsSection';
import { DataSection } from '../features/account/components/DataSection';
import { DeleteAccountSection } from '../features/account/components/DeleteAccountSection';
import { EmailSection } from '../features/account/components/EmailSection';
import { DeviceList } from '../features/devices/components/DeviceList';
import { ModerationSection } from '../features/moderation/components/ModerationSection';
import { QuotePolicySection } from '../features/reposts/components/QuotePolicySection';
import { TwoFactorSection } from '../features/twoFactor/components/TwoFactorSection';
import { useCapability } from '../lib/api/capabilities';
import { useT } from '../i18n/useT';
import { ExtensionPage } from './ExtensionPage';
import './MutedAndBlockedPage.css';

/**
 * /settings/account: the member's email address, two-factor sign-in, the devices they are logged in on,
 * their data to download or import, and deleting the account (the `accounts` extension); who may
 * quote their posts (the `reposts` extension); for an admin, the network's rules and its moderators
 * (the `moderation` extension).
 */
export function AccountPage() {
  const say = useT();
  const quotes = useCapability('reposts') === true;
  const downloadRef = useRef<HTMLButtonElement>(null);
  return (
    <ExtensionPage
      capability="accounts"
      title={say('page.account')}
      unavailable={say('devices.unavailable')}
      above={<>{quotes ? <QuotePolicySection /> : null}<ModerationSection /></>}
    >
      <SettingsSection title={say('account.email')} about={say('account.emailAbout')}>
        <EmailSection />
      </SettingsSection>
      <SettingsSection title={say('twoFactor.title')}>
        <TwoFactorSection />
      </SettingsSection>
      <SettingsSection title={say('account.devices')} about={say('devices.about')}>
        <DeviceList />
      </SettingsSection>
      <SettingsSection title={say('account.data')} about={say('account.dataAbout')}>
        <DataSection downloadRef={downloadRef} />
      </SettingsSection>
      <SettingsSection title={say('leaving.title')}>
        <DeleteAccountSection onDownloadFirst={() => downloadRef.current?.focus()} />
      </SettingsSection>
    </ExtensionPage>
  );
}
