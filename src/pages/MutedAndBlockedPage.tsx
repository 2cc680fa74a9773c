import { SettingsSection } from '../components/SettingsSection';
import { RelationList } from '../features/relations/components/RelationList';
import { useT } from '../i18n/useT';
import { useExtensionPage } from './useExtensionPage';
import './FeedPages.css';
import './MutedAndBlockedPage.css';

/** /settings/muted-and-blocked: the members the member mutes and blocks (the `mute-block` extension). */
export function MutedAndBlockedPage() {
  const say = useT();
  const has = useExtensionPage('muteBlock', say('page.mutedAndBlocked'));
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">{say('page.mutedAndBlocked')}</h1>
      {has === true ? (
        <>
          <SettingsSection title={say('mutedAndBlocked.muted')} about={say('mutedAndBlocked.mutedAbout')}>
            <RelationList list="muted" label={say('mutedAndBlocked.mutedList')} />
          </SettingsSection>
          <SettingsSection title={say('mutedAndBlocked.blocked')} about={say('mutedAndBlocked.blockedAbout')}>
            <RelationList list="blocked" label={say('mutedAndBlocked.blockedList')} />
          </SettingsSection>
        </>
      ) : null}
      {has === false ? <p className="feed-page__status">{say('mutedAndBlocked.unavailable')}</p> : null}
    </div>
  );
}
