import { useEffect, useState } from 'react';
import { newIdempotencyKey } from '../../lib/idempotencyKey';

export interface Draft {
  text: string;
  /** A data URL, or '' for none. */
  image: string;
  /** The image's description (the `alt-text` extension), or ''. */
  imageAlt: string;
  /**
   * The draft's Idempotency-Key, kept with it through a reload: this draft sent again, however
   * often, is one post.
   */
  idempotencyKey: string;
}

function emptyDraft(): Draft {
  return { text: '', image: '', imageAlt: '', idempotencyKey: newIdempotencyKey() };
}

function isEmpty(draft: Draft): boolean {
  return draft.text === '' && draft.image === '' && draft.imageAlt === '';
}

function readDraft(key: string | null): Draft {
  if (!key) return emptyDraft();
  try {
    const value = JSON.parse(window.sessionStorage.getItem(key) ?? 'null') as Partial<Draft> | null;
    return {
      text: typeof value?.text === 'string' ? value.text : '',
      image: typeof value?.image === 'string' ? value.image : '',
      imageAlt: typeof value?.imageAlt === 'string' ? value.imageAlt : '',
      idempotencyKey: typeof value?.idempotencyKey === 'string' && value.idempotencyKey !== '' ? value.idempotencyKey : newIdempotencyKey(),
    };
  } catch {
    return emptyDraft();
  }
}

function saveDraft(key: string, draft: Draft): void {
  const storage = window.sessionStorage;
  try {
    if (isEmpty(draft)) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(draft));
  } catch {
    // Over the storage quota (a large image): keep the text at least.
    try {
      storage.setItem(key, JSON.stringify({ ...draft, image: '' }));
    } catch {
      // Storage refused entirely (private mode): the draft lives in the page only.
    }
  }
}

/**
 * The composer's draft, kept across a reload until the post is made (an empty draft is forgotten).
 * `memberId` is null before the session is known: nothing is read or kept then.
 */
export function useDraft(memberId: string | null): [Draft, (change: Partial<Draft>) => void] {
  // Where a member's unsent post waits: this tab's session storage, which a reload keeps.
  const key = memberId ? `socialconnect.draft.${memberId}` : null;
  const [state, setState] = useState(() => ({ key, draft: readDraft(key) }));
  // Another member: their own draft. The session arriving: what was typed meanwhile is theirs, and
  // newer than anything kept.
  const current = state.key === key ? state : { key, draft: state.key === null && !isEmpty(state.draft) ? state.draft : readDraft(key) };
  if (current !== state) setState(current);

  useEffect(() => {
    if (current.key) saveDraft(current.key, current.draft);
  }, [current.key, current.draft]);

  const update = (change: Partial<Draft>): void => setState((previous) => ({ ...previous, draft: { ...previous.draft, ...change } }));
  return [current.draft, update];
}
