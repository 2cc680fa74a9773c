import { api } from '../../lib/api/api';
import { hasCapability } from '../../lib/api/capabilities';
import type { Report, ReportReason } from '../../types/api';

/** What a report is about: one post, reply or member, by id. */
export type ReportAbout = { post: string } | { reply: string } | { member: string };

export interface ReportDraft {
  about: ReportAbout;
  reason: ReportReason;
  /** Left out when empty. */
  comment?: string;
}

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Reports a post, a reply or a member to the moderators (the `moderation` extension). The dialog
     * says the backend's refusals itself, beside what was typed; a lost connection or a 5xx goes
     * where every failure goes.
     */
    sendReport: build.mutation<Report, ReportDraft>({
      query: (draft) => ({ url: '/reports', method: 'POST', body: draft }),
      extraOptions: { ownRefusals: true },
    }),
  }),
});

export const { useSendReportMutation } = reportsApi;

/** Whether the backend takes reports (the `moderation` extension): one selector, read by every menu that offers Report. */
export function selectHasModeration(state: unknown): boolean {
  return hasCapability(state, 'moderation');
}
