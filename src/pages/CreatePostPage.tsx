import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { paths } from '../config/paths';
import { TIMINGS } from '../config/timings';
import { Composer } from '../features/posts/components/Composer';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import './FeedPages.css';

/** Create post: the composer alone; after posting, the member goes home. */
export function CreatePostPage() {
  usePageTitle('Create Post');
  const navigate = useNavigate();
  useLoaderOffAfter(true, TIMINGS.loaderOffShortMs);
  const goHome = useCallback(() => void navigate(paths.home.href()), [navigate]);

  return (
    <div className="feed-page">
      <h1 className="feed-page__title">Create Post</h1>
      <Composer onPosted={goHome} />
    </div>
  );
}
