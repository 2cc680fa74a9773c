import { useEffect, useRef, useState, type RefObject } from 'react';
import { PopupPanel } from '../../../components/PopupPanel';
import { usePopupPlacement } from '../../../components/popupPlacement';
import { usePressOutside } from '../../../components/usePressOutside';
import { useAppSelector } from '../../../lib/store/hooks';
import type { Post, UserSummary } from '../../../types/api';
import { selectHasMuteBlock, useRelationState } from '../relationsApi';
import { ConfirmBlockDialog, nameOf, RELATION_BUTTONS, useRelationChange } from './RelationActions';
import { selectHasModeration } from '../../reports/reportsApi';
import { ReportDialog } from '../../reports/components/ReportDialog';
import { useT } from '../../../i18n/useT';
import './RelationActions.css';

type Mode = 'closed' | 'menu' | 'confirm' | 'report';

/**
 * The open menu, the question before a block, or the report's dialog: it reads where the member
 * stands with the author only now, so a list of cards costs no more than its buttons.
 */
function OpenMemberMenu({ postId, author, mode, setMode, menuRef, buttonRef }: {
  postId: string;
  author: UserSummary;
  mode: Exclude<Mode, 'closed'>;
  setMode: (mode: Mode) => void;
  menuRef: RefObject<HTMLDivElement | null>;
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  const say = useT();
  const standing = useRelationState(author._id);
  const hasModeration = useAppSelector(selectHasModeration);
  const panelRef = useRef<HTMLDivElement>(null);
  // Near the bottom of the screen it opens above its button, and it never runs off either side.
  const placement = usePopupPlacement(buttonRef, panelRef, `${mode}:${standing.status}`);
  const { run, busy } = useRelationChange();
  usePressOutside(mode === 'menu', [menuRef], () => setMode('closed'));
  const act = (action: 'mute' | 'unmute' | 'unblock') => () => {
    setMode('closed');
    if (!busy) void run(action, author);
  };
  if (mode === 'report') return <ReportDialog about={{ post: postId }} author={author} onClose={() => setMode('closed')} />;
  if (mode === 'confirm') {
    return (
      <ConfirmBlockDialog
        user={author}
        onClose={() => setMode('closed')}
        onConfirm={() => {
          setMode('closed');
          void run('block', author);
        }}
      />
    );
  }
  // While where the member stands is read, the menu says so and offers nothing: its items come all
  // at once, so none moves under a pointer or a finger already on its way to it.
  const loading = standing.status === 'loading';
  const relation = standing.status === 'known' ? standing.relation : undefined;
  return (
    <PopupPanel panelRef={panelRef} placement={placement} className="member-menu__panel">
      {loading || standing.status === 'failed' ? (
        <p className="member-menu__item" role="status">{say(loading ? 'relation.loading' : 'relation.menuFailed')}</p>
      ) : null}
      {relation ? (
        <>
          <button type="button" className="member-menu__item" onClick={act(relation.muted ? 'unmute' : 'mute')}>
            {say(RELATION_BUTTONS[relation.muted ? 'unmute' : 'mute'].handle, { username: author.username })}
          </button>
          <button type="button" className="member-menu__item member-menu__item--danger" onClick={relation.blocked ? act('unblock') : () => setMode('confirm')}>
            {say(RELATION_BUTTONS[relation.blocked ? 'unblock' : 'block'].handle, { username: author.username })}
          </button>
        </>
      ) : null}
      {hasModeration && !loading ? (
        <button type="button" className="member-menu__item" onClick={() => setMode('report')}>
          {say('report.post')}
        </button>
      ) : null}
    </PopupPanel>
  );
}

/**
 * A post's menu of what can be done about it and its author: Mute or Unmute, Block (asked first)
 * where the backend has `mute-block`; Report where it has `moderation`. Nothing on the member's own
 * posts, nor for a backend with neither.
 */
export function MemberMenu({ post }: { post: Post }) {
  const say = useT();
  const shown = useAppSelector((state) => state.session.userId !== post._id && (selectHasMuteBlock(state) || selectHasModeration(state)));
  const [mode, setMode] = useState<Mode>('closed');
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // A report's dialog gives the focus back to the menu's button, which opened it (its item is gone).
  const reported = useRef(false);
  useEffect(() => {
    if (mode === 'report') reported.current = true;
    else if (mode === 'closed' && reported.current) {
      reported.current = false;
      buttonRef.current?.focus();
    }
  }, [mode]);
  if (!shown) return null;
  const author = { _id: post._id, username: post.username, firstName: post.firstName, lastName: post.lastName, image: post.image };
  return (
    <div className="member-menu" ref={menuRef} onKeyDown={(event) => event.key === 'Escape' && mode === 'menu' && setMode('closed')}>
      <button
        ref={buttonRef}
        type="button"
        className="post-card__action"
        aria-label={say('relation.more', { name: nameOf(author) })}
        aria-expanded={mode === 'menu'}
        onClick={() => setMode(mode === 'menu' ? 'closed' : 'menu')}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {mode === 'closed' ? null : <OpenMemberMenu postId={post.id} author={author} mode={mode} setMode={setMode} menuRef={menuRef} buttonRef={buttonRef} />}
    </div>
  );
}
