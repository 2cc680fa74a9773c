import { useMemo } from 'react';
import { Avatar } from '../components/Avatar';
import { selectCurrentMember } from '../features/users/currentMember';
import { useAppSelector } from '../lib/store/hooks';
import { selectWaitingWrites, waitingPostsIn } from './outboxSlice';
import { postDataOf } from './waitingWrite';
import { WaitingToSend } from './WaitingToSend';
import '../features/posts/components/PostCard.css';
import './WaitingPosts.css';
import { Handle } from '../components/Handle';
import { useT } from '../i18n/useT';

/**
 * Above Home's feed: the member's new posts made with no backend to reach, in the order written,
 * each as it will show (their name, the text, the image) with "Waiting to send" and Cancel, which
 * gives it back to the composer. Each goes once the backend answers, and the feed then shows it.
 */
export function WaitingPosts() {
  const say = useT();
  const waiting = useAppSelector(selectWaitingWrites);
  const writes = useMemo(() => waitingPostsIn(waiting), [waiting]);
  const me = useAppSelector(selectCurrentMember);
  if (writes.length === 0) return null;
  const fullName = me ? `${me.firstName} ${me.lastName}`.trim() : '';
  return (
    <section className="waiting-posts" aria-label={say('waiting.posts')}>
      {writes.map((write) => {
        const { text, image, imageAlt, moreImages, warning } = postDataOf(write);
        // Every image of the post, in its order; named by its place where it has several.
        const images = image === '' ? [] : [{ image, imageAlt }, ...moreImages];
        return (
          <article key={write.id} className="post-card waiting-posts__post" aria-label={say('waiting.item', { name: fullName })}>
            <header className="post-card__header">
              <Avatar src={me?.image ?? ''} name={fullName} size="md" />
              <div className="post-card__byline">
                <span className="post-card__author" dir="auto">{fullName}</span>
                {me ? <Handle className="post-card__meta" username={me.username} /> : null}
              </div>
            </header>
            {/* The member's own post, shown whole: its warning says what readers will see first. */}
            {warning !== '' ? <p className="post-card__warning post-card__warning-text" dir="auto">{say('warning.label')}: {warning}</p> : null}
            {text !== '' ? <p className="post-card__content waiting-posts__text" dir="auto">{text}</p> : null}
            {images.length === 1 ? <img className="waiting-posts__image" src={image} alt={imageAlt || say('waiting.postImage')} /> : null}
            {images.length > 1 ? (
              <div className="waiting-posts__images">
                {images.map((picked, index) => (
                  <img key={`${index}:${picked.image.length}`} src={picked.image} alt={picked.imageAlt || say('waiting.postImageOf', { position: index + 1 })} />
                ))}
              </div>
            ) : null}
            <WaitingToSend target={write.target} />
          </article>
        );
      })}
    </section>
  );
}
