import { api } from '../../lib/api/api';
import type { RoleChange, RulesResponse, RulesUpdate, StaffMember, StaffResponse } from '../../types/api';

/** Admins and moderators before the members, then by username, as the backends list them. */
function staffOrder(a: StaffMember, b: StaffMember): number {
  const admin = Number(b.role === 'admin') - Number(a.role === 'admin');
  if (admin !== 0) return admin;
  const [x, y] = [a.username.toLowerCase(), b.username.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The network's rules and its staff (the `moderation` extension): an admin's section of Your
 * account reads and writes them; every answer carries the new state, written into the cache.
 */
export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRules: build.query<RulesResponse, void>({
      query: () => '/rules',
    }),
    /** Replaces the whole list; the form keeps what was typed when it is refused. */
    saveRules: build.mutation<RulesResponse, RulesUpdate>({
      query: (body) => ({ url: '/rules', method: 'PUT', body }),
      onQueryStarted: async (_body, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(moderationApi.util.upsertQueryData('getRules', undefined, data));
        } catch {
          // Shown by the app's listener; the form keeps what was typed.
        }
      },
    }),
    getStaff: build.query<StaffResponse, void>({
      query: () => '/moderation/staff',
    }),
    /** Names a member a moderator, or makes one a member again; the staff list follows the answer. */
    setRole: build.mutation<RoleChange, { memberId: string; role: 'member' | 'moderator' }>({
      query: ({ memberId, role }) => ({ url: `/moderation/members/${encodeURIComponent(memberId)}/role`, method: 'PUT', body: { role } }),
      onQueryStarted: async (_change, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(moderationApi.util.updateQueryData('getStaff', undefined, (draft) => {
            const others = draft.staff.filter((member) => member.id !== data.member.id);
            draft.staff = data.member.role === 'member' ? others : [...others, data.member].sort(staffOrder);
          }));
        } catch {
          // Shown by the app's listener.
        }
      },
    }),
  }),
});

export const { useGetRulesQuery, useSaveRulesMutation, useGetStaffQuery, useSetRoleMutation } = moderationApi;
