import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { WaitingKind, WaitingWrite } from './outboxSlice';

let made = 0;

/**
 * The waiting write for the call `args` a member made (its kind named by the endpoint); the post (or
 * the member followed) is the call's last path segment, as every one of these calls has it; a new
 * post or reply is named by its Idempotency-Key.
 */
export function waitingWriteOf(kind: WaitingKind, member: string, args: string | FetchArgs, at: number = Date.now()): WaitingWrite | undefined {
  const request = typeof args === 'string' ? { url: args } : args;
  const headers = request.headers ? Object.fromEntries(new Headers(request.headers as HeadersInit).entries()) : undefined;
  const creates = kind === 'post' || kind === 'reply';
  const last = creates ? headers?.['idempotency-key'] : request.url.split('?')[0]?.split('/').pop();
  if (!last) return undefined;
  made += 1;
  return {
    id: `${at.toString(36)}-${made.toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    member,
    kind,
    target: creates ? last : decodeURIComponent(last),
    request: { url: request.url, method: (request.method ?? 'POST').toUpperCase(), ...(headers ? { headers } : {}), ...(request.body === undefined ? {} : { body: request.body }) },
    at,
  };
}

/**
 * A waiting new post's text, image (a data URL, or ''), description, the images after it with theirs
 * (`more-images`), and content warning, as its call carries them.
 */
export function postDataOf(write: WaitingWrite): { text: string; image: string; imageAlt: string; moreImages: { image: string; imageAlt: string }[]; warning: string } {
  const data = (write.request.body as { postData?: { text?: unknown; image?: unknown; imageAlt?: unknown; moreImages?: unknown; warning?: unknown } } | undefined)?.postData;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const moreImages = Array.isArray(data?.moreImages)
    ? data.moreImages.map((entry: unknown) => {
      const { image, imageAlt } = (entry ?? {}) as { image?: unknown; imageAlt?: unknown };
      return { image: text(image), imageAlt: text(imageAlt) };
    }).filter(({ image }) => image !== '')
    : [];
  return { text: text(data?.text), image: text(data?.image), imageAlt: text(data?.imageAlt), moreImages, warning: text(data?.warning) };
}

/** A waiting reply's text, and the reply it answers (or none), as its call carries them. */
export function replyDataOf(write: WaitingWrite): { text: string; replyTo: string | undefined } {
  const data = (write.request.body as { replyData?: { text?: unknown; replyTo?: unknown } } | undefined)?.replyData;
  return { text: typeof data?.text === 'string' ? data.text : '', replyTo: typeof data?.replyTo === 'string' ? data.replyTo : undefined };
}

/**
 * A waiting edit's new text, and its image's new description, the new descriptions of the images
 * after it and its new content warning where it changes them, as its call carries them.
 */
export function editDataOf(write: WaitingWrite): { text: string; imageAlt: string | undefined; warning: string | undefined; moreImageAlts: string[] | undefined } {
  const data = (write.request.body as { postData?: { text?: unknown; imageAlt?: unknown; warning?: unknown; moreImageAlts?: unknown } } | undefined)?.postData;
  const given = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const alts = data?.moreImageAlts;
  const moreImageAlts = Array.isArray(alts) && alts.every((alt) => typeof alt === 'string') ? (alts as string[]) : undefined;
  return { text: given(data?.text) ?? '', imageAlt: given(data?.imageAlt), warning: given(data?.warning), moreImageAlts };
}
