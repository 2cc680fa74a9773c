import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/Avatar';
import { EMPTY_LIST_ATTRIBUTE, focusAfterRemoval } from '../../../components/focusAfterRemoval';
import { MoreButton } from '../../../components/MorePages';
import { paths } from '../../../config/paths';
import { useRelationList, type RelationList as ListName } from '../relationsApi';
import { nameOf, RELATION_BUTTONS, useRelationChange } from './RelationActions';
import { useT } from '../../../i18n/useT';
import type { MessageId } from '../../../i18n/catalogues/en';
import './RelationActions.css';
import { Handle } from '../../../components/Handle';

const TEXTS: Record<ListName, { empty: MessageId; action: 'unmute' | 'unblock' }> = {
  muted: { empty: 'relations.mutedEmpty', action: 'unmute' },
  blocked: { empty: 'relations.blockedEmpty', action: 'unblock' },
};

/** The members the member mutes or blocks, the latest first, each with the way to undo it. */
export function RelationList({ list, label }: { list: ListName; label: string }) {
  const say = useT();
  const { members, isLoading, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useRelationList(list);
  const { run, busy } = useRelationChange();
  const texts = TEXTS[list];
  // The member leaves the list, and the focus on their button with them: it goes to the next one's button.
  const undo = (button: HTMLElement, member: (typeof members)[number]) => {
    if (busy) return;
    const item = button.closest('li');
    const list = item?.parentElement;
    const refocus = item && list ? focusAfterRemoval(item, {
      items: Array.from(list.children).filter((child): child is HTMLElement => child instanceof HTMLElement),
      target: (next) => next.querySelector('button'),
      within: list.parentElement ?? list,
    }) : undefined;
    void run(texts.action, member, refocus);
  };
  if (isLoading) return <p className="feed-page__status">{say('relation.loading')}</p>;
  if (isError && members.length === 0) return <p className="feed-page__status" role="status">{say('relations.failed')}</p>;
  // Focusable by script: the focus of the last member let go comes here.
  if (members.length === 0) return <p className="feed-page__status" tabIndex={-1} {...{ [EMPTY_LIST_ATTRIBUTE]: '' }}>{say(texts.empty)}</p>;
  return (
    <>
      <ul className="relation-list" aria-label={label}>
        {members.map((member) => {
          const name = nameOf(member);
          return (
            <li key={member._id} className="relation-list__item">
              <Avatar src={member.image} name={name} size="md" />
              <span className="relation-list__who">
                {list === 'muted' ? (
                  <Link className="relation-list__name" to={paths.profile.href(member._id)} dir="auto">{name}</Link>
                ) : (
                  <span className="relation-list__name" dir="auto">{name}</span>
                )}
                <Handle className="relation-list__username" username={member.username} />
              </span>
              <button type="button" className="pill-button" aria-label={say(RELATION_BUTTONS[texts.action].name, { name })} aria-disabled={busy || undefined} onClick={(event) => undo(event.currentTarget, member)}>
                {say(RELATION_BUTTONS[texts.action].words)}
              </button>
            </li>
          );
        })}
      </ul>
      {hasNextPage ? <MoreButton label={say('list.more')} busyLabel={say('list.loadingMore')} busy={isFetchingNextPage} onPress={() => void fetchNextPage()} /> : null}
    </>
  );
}
