import { useState } from 'react';
import { ConfirmDialog } from '../../../components/Dialog';
import type { UserSummary } from '../../../types/api';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useChangeRelationMutation, useRelationState, type RelationAction } from '../relationsApi';
import { t } from '../../../i18n/i18n';
import { useT } from '../../../i18n/useT';
import type { MessageId } from '../../../i18n/catalogues/en';
import './RelationActions.css';

/** A member's name as the buttons and messages say it. */
export function nameOf(user: UserSummary): string {
  return `${user.firstName} ${user.lastName}`.trim() || `@${user.username}`;
}

/** What each change says once the backend agrees. */
const RELATION_TOASTS = { mute: 'relation.muted', unmute: 'relation.unmuted', block: 'relation.blocked', unblock: 'relation.unblocked' } as const satisfies Record<RelationAction, MessageId>;

/** Each change's button, by the member's name (the profile's, the lists'), and by handle (a post's menu). */
export const RELATION_BUTTONS = {
  mute: { words: 'relation.mute', name: 'relation.muteName', handle: 'relation.muteHandle' },
  unmute: { words: 'relation.unmute', name: 'relation.unmuteName', handle: 'relation.unmuteHandle' },
  block: { words: 'relation.block', name: 'relation.blockName', handle: 'relation.blockHandle' },
  unblock: { words: 'relation.unblock', name: 'relation.unblockName', handle: 'relation.unblockHandle' },
} as const satisfies Record<RelationAction, { words: MessageId; name: MessageId; handle: MessageId }>;

/** Mutes, unmutes, blocks or unblocks; says so when the backend agrees (a refusal is shown by the app). */
export function useRelationChange() {
  const [change, state] = useChangeRelationMutation();
  const run = async (action: RelationAction, user: UserSummary, onDone?: () => void): Promise<void> => {
    try {
      await change({ action, user }).unwrap();
    } catch {
      // The app's listener already showed the backend's message.
      return;
    }
    (action === 'mute' || action === 'block' ? notifySuccess : notifyError)(t(RELATION_TOASTS[action], { name: nameOf(user) }));
    onDone?.();
  };
  return { run, busy: state.isLoading };
}

/** Asks before a block, saying what it does. */
export function ConfirmBlockDialog({ user, onClose, onConfirm }: { user: UserSummary; onClose: () => void; onConfirm: () => void }) {
  const say = useT();
  const name = nameOf(user);
  return (
    <ConfirmDialog
      title={say('block.title', { name })}
      text={say('block.text')}
      closeLabel={say('block.keep', { name })}
      keep={say('dialog.cancel')}
      confirm={say('relation.block')}
      onKeep={onClose}
      onConfirm={onConfirm}
    />
  );
}

/**
 * Mute and Block for another member's profile (the `mute-block` extension), each undone from the
 * same place; nothing while where the member stands is read, nor for a backend without it; and when
 * that could not be read, says so with a way to ask again.
 */
export function RelationActions({ user }: { user: UserSummary }) {
  const say = useT();
  const standing = useRelationState(user._id);
  const { run, busy } = useRelationChange();
  const [confirming, setConfirming] = useState(false);
  if (standing.status === 'failed') {
    return (
      <div className="relation-actions relation-actions--failed">
        <p className="relation-actions__failed" role="status">{say('relation.profileFailed')}</p>
        <button type="button" className="pill-button" onClick={standing.retry}>
          {say('failure.tryAgain')}
        </button>
      </div>
    );
  }
  if (standing.status !== 'known') return null;
  const { relation } = standing;
  const name = nameOf(user);
  const mute = RELATION_BUTTONS[relation.muted ? 'unmute' : 'mute'];
  const block = RELATION_BUTTONS[relation.blocked ? 'unblock' : 'block'];
  const act = (action: RelationAction) => () => {
    if (!busy) void run(action, user);
  };
  return (
    <div className="relation-actions">
      <button type="button" className="pill-button" aria-label={say(mute.name, { name })} aria-disabled={busy || undefined} onClick={act(relation.muted ? 'unmute' : 'mute')}>
        {say(mute.words)}
      </button>
      <button
        type="button"
        className="pill-button relation-actions__block"
        aria-label={say(block.name, { name })}
        aria-disabled={busy || undefined}
        onClick={relation.blocked ? act('unblock') : () => setConfirming(true)}
      >
        {say(block.words)}
      </button>
      {confirming ? (
        <ConfirmBlockDialog
          user={user}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void run('block', user);
          }}
        />
      ) : null}
    </div>
  );
}
