import { Dialog } from '../../../components/Dialog';
import { useT } from '../../../i18n/useT';
import type { Post } from '../../../types/api';
import { Composer } from '../../posts/components/Composer';
import './Reposts.css';

/**
 * The quote window: the composer, with the quoted post under its text box, sent as a quote of it. It
 * closes once the quote is posted; a refusal keeps it open with everything typed (the composer's
 * draft, kept for this post through a reload). Focus goes back to the Repost menu's button.
 */
export function QuoteDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const say = useT();
  return (
    <Dialog title={say('quote.title')} onClose={onClose}>
      <div className="quote-dialog">
        <Composer quoted={post} onPosted={onClose} />
      </div>
    </Dialog>
  );
}
