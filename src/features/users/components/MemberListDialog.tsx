import { useRef } from 'react';
import { Dialog } from '../../../components/Dialog';
import { MoreButton, useFocusAfterGrowth } from '../../../components/MorePages';
import { type MemberList, useGetMemberPagesInfiniteQuery } from '../memberListsApi';
import { PersonRow } from './PersonRow';
import './PersonRow.css';
import './MemberListDialog.css';

export const MEMBER_LIST_TEXTS = {
  followers: { title: 'Followers', empty: 'No followers yet.' },
  following: { title: 'Following', empty: 'Not following anyone yet.' },
  likes: { title: 'Liked by', empty: 'Nobody likes this post yet.' },
  loading: 'Loading members…',
  failed: 'This list could not load.',
  retry: 'Try again',
  more: 'Show more',
  moreBusy: 'Loading more…',
} as const;

export interface MemberListDialogProps {
  list: MemberList;
  onClose: () => void;
}

/**
 * A list of members in a dialog (the `member-lists` extension): a member's followers or followings,
 * or who likes a post, the latest first, with Follow or Unfollow on each and "Show more" while
 * there is more. A page that fails to load says so, and can be asked for again.
 */
export function MemberListDialog({ list, onClose }: MemberListDialogProps) {
  const texts = MEMBER_LIST_TEXTS[list.list];
  const { data, isLoading, isError, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useGetMemberPagesInfiniteQuery(list, { refetchOnMountOrArgChange: true });
  const members = data?.pages.flatMap((page) => page.users) ?? [];
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfterGrowth = useFocusAfterGrowth(listRef, '.person-row__link', members.length, isFetchingNextPage);

  return (
    <Dialog title={texts.title} onClose={onClose}>
      <div className="member-list">
        {members.length > 0 ? (
          <ul ref={listRef} className="person-list" aria-label={texts.title}>
            {members.map((member) => (
              // A name opens that profile on a new entry of history, which closes the dialog; Back
              // comes back to the list.
              <PersonRow key={member._id} user={member} />
            ))}
          </ul>
        ) : null}
        {isLoading ? <p className="member-list__status" role="status">{MEMBER_LIST_TEXTS.loading}</p> : null}
        {!isLoading && !isError && members.length === 0 ? <p className="member-list__status">{texts.empty}</p> : null}
        {isError ? (
          <div className="member-list__failed" role="alert">
            <p className="member-list__status">{MEMBER_LIST_TEXTS.failed}</p>
            <button type="button" className="pill-button" onClick={() => void refetch()}>{MEMBER_LIST_TEXTS.retry}</button>
          </div>
        ) : null}
        {hasNextPage && !isError ? (
          <MoreButton
            label={MEMBER_LIST_TEXTS.more}
            busyLabel={MEMBER_LIST_TEXTS.moreBusy}
            busy={isFetchingNextPage}
            onPress={() => {
              focusAfterGrowth(members.length);
              void fetchNextPage();
            }}
          />
        ) : null}
      </div>
    </Dialog>
  );
}
