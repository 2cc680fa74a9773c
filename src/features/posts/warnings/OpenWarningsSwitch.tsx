import { useCapability } from '../../../lib/api/capabilities';
import { useT } from '../../../i18n/useT';
import { useOpenWarnings } from './openWarnings';
import './OpenWarningsSwitch.css';

/**
 * The member's setting to see every post behind a content warning opened (beside the theme and the
 * language); nothing for a backend without the `content-warnings` extension. Its row is kept until the
 * backend's health answer says whether there is one: what sits below it (or, in the phone's centred
 * Display window, above it) does not move under a finger when the answer comes.
 */
export function OpenWarningsSwitch({ className }: { className?: string }) {
  const say = useT();
  const shown = useCapability('contentWarnings');
  const [open, choose] = useOpenWarnings();
  const rowClass = `open-warnings${className ? ` ${className}` : ''}`;
  if (shown === undefined) return <span className={rowClass} aria-hidden="true" />;
  if (!shown) return null;
  return (
    <label className={rowClass}>
      <input type="checkbox" className="open-warnings__input" checked={open} onChange={(event) => choose(event.currentTarget.checked)} />
      <span>{say('warning.openAll')}</span>
    </label>
  );
}
