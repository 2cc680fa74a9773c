import { LIMITS } from '../../../contract/limits';
import { useSettled } from '../../components/useSettled';
import { TIMINGS } from '../../config/timings';
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
 * many there are. It asks once the member pauses typing (TIMINGS.peopleSearchSettleMs), so a name
 * typed quickly is one call, not one a letter. Meanwhile, and while the answer to a new text is on its
 * way, the last answer stays (nothing flickers); `waiting` says there is no answer yet. A search that
 * failed finds nobody and says so (`failed`), rather than showing the last text's people or "No User
 * Found". Nothing is asked for a blank text, nor one longer than a search may be (no name is that
 * long: nobody is found).
 */
export function usePeopleNamed(text: string, limit: number): PeopleNamed {
  const name = text.trim();
  const asked = useSettled(name, TIMINGS.peopleSearchSettleMs);
  const { data, isFetching, isError, refetch } = useFindMembersQuery({ name: asked, limit }, { skip: !searchable(asked) });
  const retry = () => {
    if (searchable(asked)) void refetch();
  };
  if (!searchable(name)) return { people: NOBODY, total: 0, waiting: false, failed: false, retry };
  const typing = name !== asked;
  if (isError && !typing) return { people: NOBODY, total: 0, waiting: false, failed: true, retry };
  return { people: data?.users ?? NOBODY, total: data?.total ?? 0, waiting: !data && (typing || isFetching), failed: false, retry };
}

/** A text the search asks about: not blank, and no longer than a search may be. */
function searchable(name: string): boolean {
  return name !== '' && Array.from(name).length <= LIMITS.searchQueryMax;
}
