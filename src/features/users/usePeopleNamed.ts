import { LIMITS } from '../../../contract/limits';
import type { UserSummary } from '../../types/api';
import { useFindMembersQuery } from './usersApi';

const NOBODY: readonly UserSummary[] = [];

export interface PeopleNamed {
  people: readonly UserSummary[];
  total: number;
  /** No answer has come yet. */
  waiting: boolean;
  /** The search for this text failed; `retry` asks again. */
  failed: boolean;
  retry: () => void;
}

/**
 * People search (spec section 5) on the backend (`member-search`; the adapter looks in every member
 * for a backend without it): the first `limit` members whose first or last name holds `text`, and how
 * many there are. While the answer to a new text is on its way, the last one stays (nothing flickers);
 * `waiting` says there is no answer yet. A search that failed finds nobody and says so (`failed`),
 * rather than showing the last text's people or "No User Found". Nothing is asked for a blank text,
 * nor one longer than a search may be (no name is that long: nobody is found).
 */
export function usePeopleNamed(text: string, limit: number): PeopleNamed {
  const name = text.trim();
  const asks = name !== '' && Array.from(name).length <= LIMITS.searchQueryMax;
  const { data, isFetching, isError, refetch } = useFindMembersQuery({ name, limit }, { skip: !asks });
  const retry = () => {
    if (asks) void refetch();
  };
  if (!asks) return { people: NOBODY, total: 0, waiting: false, failed: false, retry };
  if (isError) return { people: NOBODY, total: 0, waiting: false, failed: true, retry };
  return { people: data?.users ?? NOBODY, total: data?.total ?? 0, waiting: !data && isFetching, failed: false, retry };
}
