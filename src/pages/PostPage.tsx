import { useCallback } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { paths } from '../config/paths';
import { TIMINGS } from '../config/timings';
import { PostCard } from '../features/posts/components/PostCard';
import { WithPostCardExtras } from './PostCardExtras';
import { useGetPostQuery } from '../features/posts/postsApi';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { refusalStatus } from '../lib/apiError';
import '../features/posts/components/shared.css';
import './FeedPages.css';

/** One post, on its own page. */
export function PostPage() {
  usePageTitle('Post');
  const { postId = '' } = useParams();
  const navigate = useNavigate();
  const { data: post, isLoading, isError, error } = useGetPostQuery(postId, { skip: postId === '' });
  useLoaderOffAfter(Boolean(post) || isError, TIMINGS.loaderOffShortMs);
  const goHome = useCallback(() => void navigate(paths.home.href()), [navigate]);
  const notFound = postId === '' || refusalStatus(error) === 404;

  return (
    <div className="feed-page">
      <h1 className="visually-hidden">Post</h1>
      {post ? (
        <WithPostCardExtras>
          <PostCard post={post} onDeleted={goHome} />
        </WithPostCardExtras>
      ) : isLoading ? (
        <p className="feed-page__status" role="status">
          Loading post…
        </p>
      ) : notFound ? (
        <div className="feed-page__missing">
          <h2>Post not found</h2>
          <p>This post does not exist or was deleted.</p>
          <Link to={paths.home.href()}>Go to Home</Link>
        </div>
      ) : null}
    </div>
  );
}
