import type { ReactNode } from 'react';
import { useCapability } from '../../../lib/api/capabilities';
import { useT } from '../../../i18n/useT';
import { useOpenWarnings } from './openWarnings';
import './OpenWarningsSwitch.css';

/**
 * The member's setting to see every post behind a content warning opened (beside the theme and the
 * language); nothing for a backend without the `content-warnings` extension. Its row is kept until the
 * backend's health answer says whether there is one: what sits below it (or, in the phone's centred
 * Display window, above it) does not move under a finger when the answer comes. With an `icon`, the
 * row can show that in place of its words where there is no room for them (the tablet's icon rail):
 * the words stay its name, and its tooltip.
 */
export function OpenWarningsSwitch({ className, icon }: { className?: string; icon?: ReactNode }) {
  const say = useT();
  const shown = useCapability('contentWarnings');
  const [open, choose] = useOpenWarnings();
  const rowClass = `open-warnings${className ? ` ${className}` : ''}`;
  if (shown === undefined) return <span className={rowClass} aria-hidden="true" />;
  if (!shown) return null;
  return (
    <label className={rowClass} title={icon ? say('warning.openAll') : undefined}>
      <input type="checkbox" className="open-warnings__input" checked={open} onChange={(event) => choose(event.currentTarget.checked)} />
      {icon ? <span className="open-warnings__icon" aria-hidden="true">{icon}</span> : null}
      <span className="open-warnings__text">{say('warning.openAll')}</span>
    </label>
  );
}
