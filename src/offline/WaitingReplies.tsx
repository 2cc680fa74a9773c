import { useMemo } from 'react';
import { Avatar } from '../components/Avatar';
import { selectCurrentMember } from '../features/users/currentMember';
import { useAppSelector } from '../lib/store/hooks';
import { selectWaitingWrites, waitingRepliesIn } from './outboxSlice';
import { replyDataOf } from './waitingWrite';
import { WaitingToSend } from './WaitingToSend';
import { useT } from '../i18n/useT';
import './WaitingPosts.css';

/**
 * Under a post's reply box: the member's replies to it made with no backend to reach, in the order
 * written, each with "Waiting to send" and Cancel, which gives it back to the reply box. Each goes
 * once the backend answers, and the replies then show it.
 */
export function WaitingReplies({ postId }: { postId: string }) {
  const say = useT();
  const waiting = useAppSelector(selectWaitingWrites);
  const writes = useMemo(() => waitingRepliesIn(waiting, postId), [waiting, postId]);
  const me = useAppSelector(selectCurrentMember);
  if (writes.length === 0) return null;
  const fullName = me ? `${me.firstName} ${me.lastName}`.trim() : '';
  return (
    <section className="waiting-posts waiting-replies" aria-label={say('waiting.replies')}>
      {writes.map((write) => (
        <article key={write.id} className="waiting-posts__post waiting-replies__reply" aria-label={say('waiting.item', { name: fullName })}>
          <Avatar src={me?.image ?? ''} name={fullName} size="sm" />
          <div className="waiting-replies__body">
            <span className="waiting-replies__author" dir="auto">{fullName}</span>
            <p className="waiting-posts__text" dir="auto">{replyDataOf(write).text}</p>
            <WaitingToSend target={write.target} />
          </div>
        </article>
      ))}
    </section>
  );
}
