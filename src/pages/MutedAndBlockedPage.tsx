import { SettingsSection } from '../components/SettingsSection';
import { RelationList } from '../features/relations/components/RelationList';
import { useT } from '../i18n/useT';
import { ExtensionPage } from './ExtensionPage';
import './MutedAndBlockedPage.css';

/** /settings/muted-and-blocked: the members the member mutes and blocks (the `mute-block` extension). */
export function MutedAndBlockedPage() {
  const say = useT();
  return (
    <ExtensionPage capability="muteBlock" title={say('page.mutedAndBlocked')} unavailable={say('mutedAndBlocked.unavailable')}>
      <SettingsSection title={say('mutedAndBlocked.muted')} about={say('mutedAndBlocked.mutedAbout')}>
        <RelationList list="muted" label={say('mutedAndBlocked.mutedList')} />
      </SettingsSection>
      <SettingsSection title={say('mutedAndBlocked.blocked')} about={say('mutedAndBlocked.blockedAbout')}>
        <RelationList list="blocked" label={say('mutedAndBlocked.blockedList')} />
      </SettingsSection>
    </ExtensionPage>
  );
}
