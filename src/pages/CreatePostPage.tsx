import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { paths } from '../config/paths';
import { TIMINGS } from '../config/timings';
import { Composer } from '../features/posts/components/Composer';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { useT } from '../i18n/useT';
import './FeedPages.css';

/** Create post: the composer alone; after posting, the member goes home. */
export function CreatePostPage() {
  const say = useT();
  usePageTitle(say('page.createPost'));
  const navigate = useNavigate();
  useLoaderOffAfter(true, TIMINGS.loaderOffShortMs);
  const goHome = useCallback(() => void navigate(paths.home.href()), [navigate]);

  return (
    <div className="feed-page">
      <h1 className="feed-page__title">{say('page.createPost')}</h1>
      <Composer onPosted={goHome} />
    </div>
  );
}
