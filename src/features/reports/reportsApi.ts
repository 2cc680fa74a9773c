import { api } from '../../lib/api/api';
import { hasCapability } from '../../lib/api/capabilities';
import type { Report, ReportReason, ReportsResponse, ReportSummary, RulesResponse } from '../../types/api';

/** What a report is about: one post, reply or member, by id. */
export type ReportAbout = { post: string } | { reply: string } | { member: string };

export interface ReportDraft {
  about: ReportAbout;
  reason: ReportReason;
  /** Left out when empty. */
  comment?: string;
  /** The id of the network's rule it breaks; left out when the reporter names none. */
  rule?: string;
}

const OWN_REPORTS_TAG = { type: 'OwnReport', id: 'LIST' } as const;

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The network's rules, which a report may name: asked each time the dialog opens, so that it
     * offers them as they are now. Nobody hears of a failure: the dialog then offers no rule, and the
     * report goes without one.
     */
    getRulesToCite: build.query<RulesResponse, void>({
      query: () => '/rules',
      extraOptions: { silent: true },
    }),
    /**
     * Reports a post, a reply or a member to the moderators (the `moderation` extension). The dialog
     * says the backend's refusals itself, beside what was typed; a lost connection or a 5xx goes
     * where every failure goes.
     */
    sendReport: build.mutation<Report, ReportDraft>({
      query: (draft) => ({ url: '/reports', method: 'POST', body: draft }),
      extraOptions: { ownRefusals: true },
      invalidatesTags: [OWN_REPORTS_TAG],
    }),
    /**
     * The member's own reports, newest first, each with what the moderators made of it. They stand
     * beside the notifications, so a failure leaves the member there: the section says it, with its
     * own Try again.
     */
    getMyReports: build.query<ReportSummary[], void>({
      query: () => '/reports/mine',
      extraOptions: { aside: true },
      transformResponse: (response: Partial<ReportsResponse> | undefined) => (Array.isArray(response?.reports) ? response.reports : []),
      providesTags: [OWN_REPORTS_TAG],
    }),
  }),
});

export const { useGetRulesToCiteQuery, useSendReportMutation, useGetMyReportsQuery } = reportsApi;

/** Whether the backend takes reports (the `moderation` extension): one selector, read by every menu that offers Report. */
export function selectHasModeration(state: unknown): boolean {
  return hasCapability(state, 'moderation');
}
