import { useEffect, useRef, useState } from 'react';
import { newIdempotencyKey } from '../../lib/idempotencyKey';

/**
 * One of a draft's images after its first: a data URL and its description; in an edit window, the
 * image's URL (or '' where only its description was kept) and its new description.
 */
export interface DraftImage {
  image: string;
  imageAlt: string;
}

export interface Draft {
  text: string;
  /** A data URL, or '' for none. */
  image: string;
  /** The image's description (the `alt-text` extension), or ''. */
  imageAlt: string;
  /** The images after the first, in the member's order (the `more-images` extension); none without a first. */
  moreImages: DraftImage[];
  /** The content warning (the `content-warnings` extension), or ''. */
  warning: string;
  /**
   * When to publish it, as the time field holds it (the `scheduled-posts` extension: local time,
   * `2026-12-24T09:30`), or '' to post it now.
   */
  publishAt: string;
  /**
   * The draft's Idempotency-Key, kept with it through a reload: this draft sent again, however
   * often, is one post.
   */
  idempotencyKey: string;
}

/** A draft with nothing in it, and a key of its own: what a box starts again from once its post is made. */
export function emptyDraft(): Draft {
  return { text: '', image: '', imageAlt: '', moreImages: [], warning: '', publishAt: '', idempotencyKey: newIdempotencyKey() };
}

function isEmpty(draft: Draft): boolean {
  return draft.text === '' && draft.image === '' && draft.imageAlt === '' && draft.moreImages.length === 0 && draft.warning === '' && draft.publishAt === '';
}

/** A kept list of images after the first, as far as it reads as one. */
function readMoreImages(value: unknown): DraftImage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const { image, imageAlt } = (entry ?? {}) as Partial<Record<keyof DraftImage, unknown>>;
    return typeof image === 'string' ? [{ image, imageAlt: typeof imageAlt === 'string' ? imageAlt : '' }] : [];
  });
}

/** A draft's images in order, the first (`image`) with the rest: what the composer shows. */
export function draftImages(draft: Pick<Draft, 'image' | 'imageAlt' | 'moreImages'>): DraftImage[] {
  return draft.image === '' ? [] : [{ image: draft.image, imageAlt: draft.imageAlt }, ...draft.moreImages];
}

/** The draft's fields for these images in order: the first as `image`, the rest as `moreImages`. */
export function imagesOfDraft(images: readonly DraftImage[]): Pick<Draft, 'image' | 'imageAlt' | 'moreImages'> {
  const [first, ...rest] = images;
  return { image: first?.image ?? '', imageAlt: first?.imageAlt ?? '', moreImages: first ? rest : [] };
}

function readDraft(key: string | null, initial: Partial<Draft> | undefined): Draft {
  if (!key) return { ...emptyDraft(), ...initial };
  try {
    const value = JSON.parse(window.sessionStorage.getItem(key) ?? 'null') as Partial<Draft> | null;
    if (value === null) return { ...emptyDraft(), ...initial };
    return {
      text: typeof value?.text === 'string' ? value.text : '',
      image: typeof value?.image === 'string' ? value.image : '',
      imageAlt: typeof value?.imageAlt === 'string' ? value.imageAlt : '',
      moreImages: readMoreImages(value?.moreImages),
      warning: typeof value?.warning === 'string' ? value.warning : '',
      publishAt: typeof value?.publishAt === 'string' ? value.publishAt : '',
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
    // Over the storage quota (large images): keep as many of the first images as fit, and the text
    // at least.
    const images = draftImages(draft);
    for (let kept = images.length - 1; kept >= 0; kept -= 1) {
      try {
        storage.setItem(key, JSON.stringify({ ...draft, ...imagesOfDraft(images.slice(0, kept)) }));
        return;
      } catch {
        // Still too large: one image fewer.
      }
    }
    // Storage refused entirely (private mode): the draft lives in the page only.
  }
}

/** Where a member's unsent text waits: this tab's session storage, which a reload keeps. */
function draftKey(memberId: string | null, place: string | undefined): string | null {
  return memberId ? `socialconnect.draft.${memberId}${place ? `.${place}` : ''}` : null;
}

/** Where the edit window of a post keeps what is typed in it (the outbox gives a refused edit back there). */
export function editDraftPlace(postId: string): string {
  return `edit.${postId}`;
}

/** Where the edit window of a scheduled post keeps what is typed in it, its time too. */
export function scheduledEditDraftPlace(postId: string): string {
  return `edit-scheduled.${postId}`;
}

/** Where a quote of a post keeps what is typed in it, apart from the composer's own draft. */
export function quoteDraftPlace(postId: string): string {
  return `quote.${postId}`;
}

/** Forgets a kept draft at once (a window closed on purpose: what it held is let go). */
export function forgetDraft(memberId: string | null, place?: string): void {
  const key = draftKey(memberId, place);
  if (!key) return;
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Storage refused: nothing was kept.
  }
}

/**
 * Forgets the draft of a window (an edit window's) once it closes, whichever way (Close, Escape,
 * Back, a save): what was typed in it goes. A reload leaves the window open (its history entry),
 * and the draft with it.
 */
export function useDraftGoneOnClose(memberId: string | null, place: string, isOpen: boolean): void {
  const wasOpen = useRef(isOpen);
  useEffect(() => {
    if (wasOpen.current && !isOpen) forgetDraft(memberId, place);
    wasOpen.current = isOpen;
  }, [isOpen, memberId, place]);
}

/** Said on the window when a draft is given back from elsewhere (returnToDraft): its key. */
const DRAFT_RETURNED = 'socialconnect:draft-returned';

/**
 * Gives a post that was not sent back to the member's composer (a post that waited offline, then
 * cancelled or refused), or a reply to its post's reply box (`place`): into an empty draft as it was; before the text of a draft begun since, a
 * blank line between, its images kept where that draft has none, its warning where that draft has
 * none. Nothing typed is lost either way.
 */
export function returnToDraft(memberId: string, returned: Pick<Draft, 'text' | 'image' | 'imageAlt'> & Partial<Pick<Draft, 'warning' | 'moreImages'>>, place?: string): void {
  const key = draftKey(memberId, place);
  if (!key) return;
  const draft = readDraft(key, undefined);
  const merged: Draft = isEmpty(draft)
    ? { ...draft, ...returned, moreImages: returned.moreImages ?? [], warning: returned.warning ?? '', idempotencyKey: newIdempotencyKey() }
    : {
      ...draft,
      text: [returned.text, draft.text].filter((part) => part !== '').join('\n\n'),
      ...(draft.image === '' && returned.image !== '' ? { image: returned.image, imageAlt: returned.imageAlt, moreImages: returned.moreImages ?? [] } : {}),
      ...(draft.warning === '' && returned.warning ? { warning: returned.warning } : {}),
    };
  saveDraft(key, merged);
  window.dispatchEvent(new CustomEvent(DRAFT_RETURNED, { detail: key }));
}

/** A change to a draft: the fields that change, or how to work them out from the draft as it is now. */
export type DraftChange = Partial<Draft> | ((draft: Draft) => Partial<Draft>);

/**
 * A draft kept across a reload until it is sent (an empty draft is forgotten): the composer's, and
 * with a `place`, another box's (a post's reply box, a post's edit window), which starts from
 * `initial` when nothing is kept for it. `memberId` is null before the session is known: nothing is
 * read or kept then.
 */
export function useDraft(memberId: string | null, place?: string, initial?: Partial<Draft>): [Draft, (change: DraftChange) => void] {
  const key = draftKey(memberId, place);
  const [state, setState] = useState(() => ({ key, draft: readDraft(key, initial) }));
  // Another member: their own draft. The session arriving: what was typed meanwhile is theirs, and
  // newer than anything kept.
  const current = state.key === key ? state : { key, draft: state.key === null && !isEmpty(state.draft) ? state.draft : readDraft(key, initial) };
  if (current !== state) setState(current);

  useEffect(() => {
    if (current.key) saveDraft(current.key, current.draft);
  }, [current.key, current.draft]);

  // A post given back to this draft (returnToDraft): the draft as kept now holds it.
  useEffect(() => {
    if (!key) return undefined;
    const onReturned = (event: Event) => {
      if ((event as CustomEvent<string>).detail === key) setState({ key, draft: readDraft(key, undefined) });
    };
    window.addEventListener(DRAFT_RETURNED, onReturned);
    return () => window.removeEventListener(DRAFT_RETURNED, onReturned);
  }, [key]);

  const update = (change: DraftChange): void => setState((previous) => ({
    ...previous,
    draft: { ...previous.draft, ...(typeof change === 'function' ? change(previous.draft) : change) },
  }));
  return [current.draft, update];
}
