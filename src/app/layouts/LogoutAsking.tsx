import { createPortal } from 'react-dom';
import { ConfirmDialog } from '../../components/Dialog';

import { useT } from '../../i18n/useT';

/**
 * The question Logout asks while `count` changes wait to be sent (the outbox): Stay, or log out and
 * forget them. Loaded when first asked, not with the page.
 */
export function LogoutAsking({ count, onStay, onLeave }: { count: number; onStay: () => void; onLeave: () => void }) {
  const say = useT();
  // In the page's body: a bar's backdrop filter would hold a fixed window inside its own box.
  return createPortal(
    <ConfirmDialog
      title={say('logout.askTitle')}
      text={say('logout.ask', { count })}
      keep={say('logout.stay')}
      confirm={say('logout.leave')}
      onKeep={onStay}
      onConfirm={onLeave}
    />,
    document.body,
  );
}
