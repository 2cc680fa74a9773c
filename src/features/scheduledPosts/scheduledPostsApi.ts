import { api } from '../../lib/api/api';
import { moreImagesPayload } from '../posts/postsApi';
import { errorCode } from '../../lib/apiError';
import { ERROR_CODES } from '../../../contract/messages';
import type { MoreImageDraft, ScheduledPost, ScheduledPostDraft, ScheduledPostEdit, ScheduledPostResponse, ScheduledPostsResponse } from '../../types/api';

const EMPTY: ScheduledPost[] = [];

/** The list's own tag: a post scheduled, changed, cancelled or published changes it. */
const LIST_TAG = { type: 'ScheduledPost', id: 'LIST' } as const;

export interface SchedulePostInput {
  text: string;
  /** A data URL, or '' for none. */
  image: string;
  imageAlt?: string;
  /** The images after the first, in order (the `more-images` extension); sent only with a first. */
  moreImages?: MoreImageDraft[];
  warning?: string;
  /** The instant to publish at, as ISO 8601 with its offset. */
  publishAt: string;
}

export interface EditScheduledPostInput {
  id: string;
  text?: string;
  imageAlt?: string;
  /** New descriptions of the images after the first, one each in order (`more-images`). */
  moreImageAlts?: string[];
  warning?: string;
  publishAt?: string;
}

/** A list soonest first, as the backend keeps it. */
function bySoonest(a: ScheduledPost, b: ScheduledPost): number {
  return Date.parse(a.publishAt) - Date.parse(b.publishAt) || a.id.localeCompare(b.id);
}

/** Whether a refusal says the scheduled post is not waiting any more (published or cancelled). */
export function goneFromSchedule(error: unknown): boolean {
  return errorCode(error) === ERROR_CODES.scheduledPostNotFound;
}

/**
 * Scheduled posts (the `scheduled-posts` extension): the member's list, soonest first; a post kept
 * for a time; its text, warning, description or time changed; cancelled. A refusal that says it is
 * gone takes it off the list shown.
 */
export const scheduledPostsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getScheduledPosts: build.query<ScheduledPost[], void>({
      query: () => '/scheduled-posts',
      transformResponse: (response: Partial<ScheduledPostsResponse> | undefined) => (Array.isArray(response?.scheduledPosts) ? response.scheduledPosts : EMPTY),
      providesTags: (posts = EMPTY) => [LIST_TAG, ...posts.map((post) => ({ type: 'ScheduledPost' as const, id: post.id }))],
    }),
    /** The composer says a refused time at its field, and the other refusals itself. */
    schedulePost: build.mutation<ScheduledPost, SchedulePostInput>({
      query: ({ text, image, imageAlt, moreImages, warning, publishAt }) => {
        const body: ScheduledPostDraft = {
          postData: { text, ...(image ? { image } : {}), ...(image && imageAlt ? { imageAlt } : {}), ...moreImagesPayload(image, moreImages), ...(warning ? { warning } : {}) },
          publishAt,
        };
        return { url: '/scheduled-posts', method: 'POST', body };
      },
      transformResponse: (response: ScheduledPostResponse) => response.scheduledPost,
      extraOptions: { ownRefusals: true },
      invalidatesTags: (_answer, error) => (error ? [] : [LIST_TAG]),
    }),
    /** The edit window says a refused time at its field, and the other refusals itself. */
    editScheduledPost: build.mutation<ScheduledPost, EditScheduledPostInput>({
      query: ({ id, text, imageAlt, moreImageAlts, warning, publishAt }) => {
        const postData = {
          ...(text === undefined ? {} : { text }), ...(imageAlt === undefined ? {} : { imageAlt }), ...(warning === undefined ? {} : { warning }),
          ...(moreImageAlts === undefined ? {} : { moreImageAlts }),
        };
        const body: ScheduledPostEdit = { ...(Object.keys(postData).length > 0 ? { postData } : {}), ...(publishAt === undefined ? {} : { publishAt }) };
        return { url: `/scheduled-posts/${encodeURIComponent(id)}`, method: 'POST', body };
      },
      transformResponse: (response: ScheduledPostResponse) => response.scheduledPost,
      extraOptions: { ownRefusals: true },
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(scheduledPostsApi.util.updateQueryData('getScheduledPosts', undefined, (posts) => posts.map((post) => (post.id === id ? data : post)).sort(bySoonest)));
        } catch {
          // The window says why, and takes a post that is gone off the list once it has closed.
        }
      },
    }),
    cancelScheduledPost: build.mutation<string, string>({
      query: (id) => ({ url: `/scheduled-posts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: (_response: unknown, _meta, id) => id,
      onQueryStarted: async (id, { dispatch, queryFulfilled }) => {
        try {
          await queryFulfilled;
          dispatch(forgetScheduledPost(id));
        } catch (failure) {
          // Gone already (published, or cancelled elsewhere): the app's listener says so.
          if (goneFromSchedule((failure as { error?: unknown }).error)) dispatch(forgetScheduledPost(id));
        }
      },
    }),
  }),
});

/** Takes a scheduled post off the list shown. */
export function forgetScheduledPost(id: string) {
  return scheduledPostsApi.util.updateQueryData('getScheduledPosts', undefined, (posts) => posts.filter((post) => post.id !== id));
}

export const { useGetScheduledPostsQuery, useSchedulePostMutation, useEditScheduledPostMutation, useCancelScheduledPostMutation } = scheduledPostsApi;
