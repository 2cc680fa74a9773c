import { createPortal } from 'react-dom';
import { Dialog } from '../../components/Dialog';

import { useT } from '../../i18n/useT';

/**
 * The question Logout asks while `count` changes wait to be sent (the outbox): Stay, or log out and
 * forget them. Loaded when first asked, not with the page.
 */
export function LogoutAsking({ count, onStay, onLeave }: { count: number; onStay: () => void; onLeave: () => void }) {
  const say = useT();
  // In the page's body: a bar's backdrop filter would hold a fixed window inside its own box.
  return createPortal(
    <Dialog title={say('logout.askTitle')} onClose={onStay}>
      <p className="dialog__text">{say('logout.ask', { count })}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onStay}>
          {say('logout.stay')}
        </button>
        <button type="button" className="button button--danger" onClick={onLeave}>
          {say('logout.leave')}
        </button>
      </div>
    </Dialog>,
    document.body,
  );
}
