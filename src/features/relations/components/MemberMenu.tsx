import { useRef, useState } from 'react';
import { usePressOutside } from '../../../components/usePressOutside';
import { useAppSelector } from '../../../lib/store/hooks';
import type { Post } from '../../../types/api';
import { selectCurrentUserId } from '../../auth/sessionSlice';
import { useRelationWith } from '../relationsApi';
import { ConfirmBlockDialog, nameOf, useRelationChange } from './RelationActions';
import './RelationActions.css';

/**
 * A post's menu of what can be done about its author: Mute or Unmute, Block (asked first). Nothing
 * on the member's own posts, nor for a backend without the `mute-block` extension.
 */
export function MemberMenu({ post }: { post: Post }) {
  const myId = useAppSelector(selectCurrentUserId);
  const relation = useRelationWith(post._id);
  const { run, busy } = useRelationChange();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  usePressOutside(open, [menuRef], () => setOpen(false));
  if (!relation || post._id === myId) return null;
  const author = { _id: post._id, username: post.username, firstName: post.firstName, lastName: post.lastName, image: post.image };
  const name = nameOf(author);
  const choose = (work: () => void) => () => {
    setOpen(false);
    if (!busy) work();
  };
  return (
    <div className="member-menu" ref={menuRef} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button type="button" className="post-card__action" aria-label={`More about ${name}`} aria-expanded={open} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <div className="member-menu__panel">
          <button type="button" className="member-menu__item" onClick={choose(() => void run(relation.muted ? 'unmute' : 'mute', author))}>
            {relation.muted ? 'Unmute' : 'Mute'} @{post.username}
          </button>
          <button type="button" className="member-menu__item member-menu__item--danger" onClick={choose(() => (relation.blocked ? void run('unblock', author) : setConfirming(true)))}>
            {relation.blocked ? 'Unblock' : 'Block'} @{post.username}
          </button>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmBlockDialog
          user={author}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void run('block', author);
          }}
        />
      ) : null}
    </div>
  );
}
