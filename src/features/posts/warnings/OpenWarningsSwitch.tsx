import { useAppSelector } from '../../../lib/store/hooks';
import { hasCapability } from '../../../lib/api/capabilities';
import { useT } from '../../../i18n/useT';
import { useOpenWarnings } from './openWarnings';
import './OpenWarningsSwitch.css';

/**
 * The member's setting to see every post behind a content warning opened (beside the theme and the
 * language); nothing for a backend without the `content-warnings` extension.
 */
export function OpenWarningsSwitch({ className }: { className?: string }) {
  const say = useT();
  const shown = useAppSelector((state) => hasCapability(state, 'contentWarnings'));
  const [open, choose] = useOpenWarnings();
  if (!shown) return null;
  return (
    <label className={`open-warnings${className ? ` ${className}` : ''}`}>
      <input type="checkbox" className="open-warnings__input" checked={open} onChange={(event) => choose(event.currentTarget.checked)} />
      <span>{say('warning.openAll')}</span>
    </label>
  );
}
