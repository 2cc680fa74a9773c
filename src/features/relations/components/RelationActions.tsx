import { useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import type { UserSummary } from '../../../types/api';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useChangeRelationMutation, useRelationWith, type RelationAction } from '../relationsApi';
import './RelationActions.css';

/** A member's name as the buttons and messages say it. */
export function nameOf(user: UserSummary): string {
  return `${user.firstName} ${user.lastName}`.trim() || `@${user.username}`;
}

/** What each change says once the backend agrees. */
export const RELATION_TOASTS: Record<RelationAction, (name: string) => string> = {
  mute: (name) => `You muted ${name}. Their posts will no longer show in your Home, Explore or notifications.`,
  unmute: (name) => `You unmuted ${name}.`,
  block: (name) => `You blocked ${name}.`,
  unblock: (name) => `You unblocked ${name}.`,
};

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
    (action === 'mute' || action === 'block' ? notifySuccess : notifyError)(RELATION_TOASTS[action](nameOf(user)));
    onDone?.();
  };
  return { run, busy: state.isLoading };
}

/** Asks before a block, saying what it does. */
export function ConfirmBlockDialog({ user, onClose, onConfirm }: { user: UserSummary; onClose: () => void; onConfirm: () => void }) {
  const name = nameOf(user);
  return (
    <Dialog title={`Block ${name}?`} closeLabel={`Do not block ${name}`} onClose={onClose}>
      <p className="dialog__text">
        You will no longer follow each other, and neither of you will see the other&apos;s posts, replies or profile, or be able
        to reply to or mention the other. They are not told.
      </p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm}>
          Block
        </button>
      </div>
    </Dialog>
  );
}

/**
 * Mute and Block for another member's profile (the `mute-block` extension), each undone from the
 * same place; nothing for a backend without it.
 */
export function RelationActions({ user }: { user: UserSummary }) {
  const relation = useRelationWith(user._id);
  const { run, busy } = useRelationChange();
  const [confirming, setConfirming] = useState(false);
  if (!relation) return null;
  const name = nameOf(user);
  const act = (action: RelationAction) => () => {
    if (!busy) void run(action, user);
  };
  return (
    <div className="relation-actions">
      <button type="button" className="pill-button" aria-label={`${relation.muted ? 'Unmute' : 'Mute'} ${name}`} aria-disabled={busy || undefined} onClick={act(relation.muted ? 'unmute' : 'mute')}>
        {relation.muted ? 'Unmute' : 'Mute'}
      </button>
      <button
        type="button"
        className="pill-button relation-actions__block"
        aria-label={`${relation.blocked ? 'Unblock' : 'Block'} ${name}`}
        aria-disabled={busy || undefined}
        onClick={relation.blocked ? act('unblock') : () => setConfirming(true)}
      >
        {relation.blocked ? 'Unblock' : 'Block'}
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
