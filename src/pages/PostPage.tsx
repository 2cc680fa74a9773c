import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { NotFound } from '../components/NotFound';
import { usePageTitle } from '../components/usePageTitle';
import { paths, replyOfHash } from '../config/paths';
import { TIMINGS } from '../config/timings';
import { PostCard } from '../features/posts/components/PostCard';
import { Replies } from '../features/replies/components/Replies';
import { PostQuotes } from '../features/reposts/components/PostQuotes';
import { useCapability } from '../lib/api/capabilities';
import { WithPostCardExtras } from './PostCardExtras';
import { useGetPostQuery } from '../features/posts/postsApi';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { refusalStatus } from '../lib/apiError';
import { useT } from '../i18n/useT';
import { useHistoryWindow } from '../components/useHistoryWindow';
import { MemberListDialog } from '../features/users/components/MemberListDialog';
import type { Post } from '../types/api';
import '../features/posts/components/shared.css';
import './FeedPages.css';

/** The post's like count, which opens who likes it (the `member-lists` extension). */
function LikedBy({ post }: { post: Post }) {
  const likers = useHistoryWindow(`likes:${post.id}`);
  const t = useT();
  const count = post.likes.likeCount;
  return (
    <div className="post-page__liked-by">
      <button type="button" className="pill-button" aria-haspopup="dialog" aria-label={t('post.likesOpen', { count })} onClick={likers.open}>
        {t('post.likes', { count })}
      </button>
      {likers.isOpen ? <MemberListDialog list={{ list: 'likes', postId: post.id }} onClose={likers.close} /> : null}
    </div>
  );
}

/**
 * One post, on its own page; with the backend's `replies`, its conversation under it, landing on a
 * reply its hash names; with `reposts`, the posts quoting it after that.
 */
export function PostPage() {
  const say = useT();
  const { postId = '' } = useParams();
  // `#reply-<id>`: the page lands on that reply (a notification's link).
  const landOn = replyOfHash(useLocation().hash);
  const navigate = useNavigate();
  const { data: post, isLoading, isError, isFetching, error } = useGetPostQuery(postId, { skip: postId === '' });
  useLoaderOffAfter(Boolean(post) || isError, TIMINGS.loaderOffShortMs);
  const goHome = useCallback(() => void navigate(paths.home.href()), [navigate]);
  // The latest load decides: a post shown before that now answers not found (its author blocked the
  // member) is not shown any more.
  const notFound = postId === '' || (!isFetching && refusalStatus(error) === 404);
  const hasReplies = useCapability('replies') === true;
  const hasLists = useCapability('memberLists') === true;
  usePageTitle(notFound ? say('page.notFoundTitle') : say('page.post'));

  if (notFound) {
    return (
      <div className="feed-page">
        <NotFound missing="post" />
      </div>
    );
  }

  return (
    <div className="feed-page">
      <h1 className="visually-hidden">{say('page.post')}</h1>
      {post ? (
        <>
          <WithPostCardExtras>
            <PostCard post={post} onDeleted={goHome} />
          </WithPostCardExtras>
          {hasLists ? <LikedBy post={post} /> : null}
          {hasReplies ? <Replies post={post} landOn={landOn} /> : null}
          <WithPostCardExtras>
            <PostQuotes post={post} />
          </WithPostCardExtras>
        </>
      ) : isLoading ? (
        <p className="feed-page__status" role="status">
          {say('postPage.loading')}
        </p>
      ) : null}
    </div>
  );
}
