import { api } from '../../lib/api/api';
import { writeAnswer } from '../../lib/api/writeAnswer';
import type { AuditPage, ModerationAction, ModerationActionResult, ModerationNotice, ModerationNotices, ModerationQueue, OpenReportCount, ReportSubject, RestrictedMembers, RoleChange, RulesResponse, RulesUpdate, StaffResponse } from '../../types/api';

/** What a moderator asks for: an action on a subject, with the reason the member reads. */
export interface ModerationActionInput {
  subject: ReportSubject;
  action: ModerationAction;
  reason: string;
}

const QUEUE_TAG = { type: 'ModerationQueue', id: 'LIST' } as const;
const AUDIT_TAG = { type: 'ModerationAudit', id: 'LIST' } as const;
const NOTICE_TAG = { type: 'ModerationNotice', id: 'LIST' } as const;
const STAFF_TAG = { type: 'ModerationStaff', id: 'LIST' } as const;
const RESTRICTED_TAG = { type: 'ModerationRestricted', id: 'LIST' } as const;

/**
 * The moderators' half of `moderation`: the queue of open reports (a page at a time, by cursor), the
 * open count, an action on a subject, the members who are limited or suspended, the audit log
 * (admins), and a member's own notices. A new report heard on the live stream asks the queue and the
 * count again. And the network's rules and its staff, which an admin's section of Your account
 * reads and writes: every answer carries the new state, written into the cache.
 */
export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getModerationQueue: build.query<ModerationQueue, { cursor?: string }>({
      query: ({ cursor }) => `/moderation/reports?status=open${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      providesTags: [QUEUE_TAG],
    }),
    getOpenReportCount: build.query<number, void>({
      query: () => '/moderation/reports/count',
      transformResponse: (response: Partial<OpenReportCount> | undefined) => (typeof response?.count === 'number' ? response.count : 0),
      providesTags: [QUEUE_TAG],
      // The navigation asks it for every moderator: a member's refusal is nobody's news.
      extraOptions: { silent: true },
    }),
    moderate: build.mutation<ModerationActionResult, ModerationActionInput>({
      query: ({ subject, action, reason }) => ({ url: '/moderation/actions', method: 'POST', body: { subject: { [subject.kind]: subject.id }, action, reason } }),
      // The dialog says a refusal itself, beside what was typed.
      extraOptions: { silent: true },
      invalidatesTags: [QUEUE_TAG, AUDIT_TAG, RESTRICTED_TAG, 'Post', 'Reply'],
    }),
    /**
     * A page of the members who are limited or suspended, by username: where a suspension is lifted.
     * It stands beside the queue: a failure leaves the moderator there, the section saying it with its
     * own Try again.
     */
    getRestrictedMembers: build.query<RestrictedMembers, { cursor?: string }>({
      query: ({ cursor }) => `/moderation/restricted${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      providesTags: [RESTRICTED_TAG],
      extraOptions: { aside: true },
    }),
    getAuditLog: build.query<AuditPage, { cursor?: string }>({
      query: ({ cursor }) => `/moderation/audit${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      providesTags: [AUDIT_TAG],
    }),
    /** The member's own notices: they stand above the notifications, so a failure leaves the member there. */
    getModerationNotices: build.query<ModerationNotice[], void>({
      query: () => '/moderation/notices',
      extraOptions: { aside: true },
      transformResponse: (response: Partial<ModerationNotices> | undefined) => (Array.isArray(response?.notices) ? response.notices : []),
      providesTags: [NOTICE_TAG],
    }),
    getRules: build.query<RulesResponse, void>({
      query: () => '/rules',
    }),
    /** Replaces the whole list; the form keeps what was typed when it is refused. */
    saveRules: build.mutation<RulesResponse, RulesUpdate>({
      query: (body) => ({ url: '/rules', method: 'PUT', body }),
      onQueryStarted: (_body, { dispatch, queryFulfilled }) => writeAnswer(queryFulfilled, (data) => {
        dispatch(moderationApi.util.upsertQueryData('getRules', undefined, data));
      }),
    }),
    getStaff: build.query<StaffResponse, void>({
      query: () => '/moderation/staff',
      providesTags: [STAFF_TAG],
    }),
    /** Names a member a moderator, or makes one a member again; the staff list is asked again, in the backend's order. */
    setRole: build.mutation<RoleChange, { memberId: string; role: 'member' | 'moderator' }>({
      query: ({ memberId, role }) => ({ url: `/moderation/members/${encodeURIComponent(memberId)}/role`, method: 'PUT', body: { role } }),
      invalidatesTags: [STAFF_TAG],
    }),
  }),
});

export const { useGetModerationQueueQuery, useGetOpenReportCountQuery, useModerateMutation, useGetRestrictedMembersQuery, useGetAuditLogQuery, useGetModerationNoticesQuery, useGetRulesQuery, useSaveRulesMutation, useGetStaffQuery, useSetRoleMutation } = moderationApi;

/** A report heard on the live stream: the queue and the count are asked again. */
export function reportsChanged() {
  return api.util.invalidateTags([QUEUE_TAG]);
}

/** The moderators acted on something of the member's: their notices are asked again. */
export function noticesChanged() {
  return api.util.invalidateTags([NOTICE_TAG]);
}
