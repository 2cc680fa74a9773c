import { useRef } from 'react';
import { Dialog } from '../../../components/Dialog';
import { MoreButton, useFocusAfterGrowth } from '../../../components/MorePages';
import { type MemberList, useGetMemberPagesInfiniteQuery } from '../memberListsApi';
import { PersonRow } from './PersonRow';
import type { MessageId } from '../../../i18n/catalogues/en';
import { useT } from '../../../i18n/useT';
import './PersonRow.css';
import './MemberListDialog.css';

const MEMBER_LIST_TEXTS = {
  followers: { title: 'memberList.followers', empty: 'memberList.followersEmpty' },
  following: { title: 'memberList.following', empty: 'memberList.followingEmpty' },
  likes: { title: 'memberList.likes', empty: 'memberList.likesEmpty' },
} as const satisfies Record<MemberList['list'], { title: MessageId; empty: MessageId }>;

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
  const say = useT();
  const texts = MEMBER_LIST_TEXTS[list.list];
  const { data, isLoading, isError, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useGetMemberPagesInfiniteQuery(list, { refetchOnMountOrArgChange: true });
  const members = data?.pages.flatMap((page) => page.users) ?? [];
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfterGrowth = useFocusAfterGrowth(listRef, '.person-row__link', members.length, isFetchingNextPage);

  return (
    <Dialog title={say(texts.title)} onClose={onClose}>
      <div className="member-list">
        {members.length > 0 ? (
          <ul ref={listRef} className="person-list" aria-label={say(texts.title)}>
            {members.map((member) => (
              // A name opens that profile on a new entry of history, which closes the dialog; Back
              // comes back to the list.
              <PersonRow key={member._id} user={member} />
            ))}
          </ul>
        ) : null}
        {isLoading ? <p className="member-list__status" role="status">{say('memberList.loading')}</p> : null}
        {!isLoading && !isError && members.length === 0 ? <p className="member-list__status">{say(texts.empty)}</p> : null}
        {isError ? (
          <div className="member-list__failed" role="alert">
            <p className="member-list__status">{say('memberList.failed')}</p>
            <button type="button" className="pill-button" onClick={() => void refetch()}>{say('failure.tryAgain')}</button>
          </div>
        ) : null}
        {hasNextPage && !isError ? (
          <MoreButton
            label={say('list.more')}
            busyLabel={say('list.loadingMore')}
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
