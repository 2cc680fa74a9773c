import { LIMITS } from '../../../contract/limits';
import type { UserSummary } from '../../types/api';
import { useFindMembersQuery } from './usersApi';

const NOBODY: readonly UserSummary[] = [];

/**
 * People search (spec section 5) on the backend (`member-search`; the adapter looks in every member
 * for a backend without it): the first `limit` members whose first or last name holds `text`, and how
 * many there are. While the answer to a new text is on its way, the last one stays (nothing flickers);
 * `waiting` says there is no answer yet. Nothing is asked for a blank text, nor one longer than a
 * search may be (no name is that long: nobody is found).
 */
export function usePeopleNamed(text: string, limit: number): { people: readonly UserSummary[]; total: number; waiting: boolean } {
  const name = text.trim();
  const asks = name !== '' && Array.from(name).length <= LIMITS.searchQueryMax;
  const { data, isFetching } = useFindMembersQuery({ name, limit }, { skip: !asks });
  if (!asks) return { people: NOBODY, total: 0, waiting: false };
  return { people: data?.users ?? NOBODY, total: data?.total ?? 0, waiting: !data && isFetching };
}
