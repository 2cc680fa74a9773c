import { usePageTitle } from '../components/usePageTitle';
import { EMPTY_LIST_ATTRIBUTE } from '../components/focusAfterRemoval';
import { TIMINGS } from '../config/timings';
import { ScheduledPostCard } from '../features/scheduledPosts/components/ScheduledPostCard';
import { useGetScheduledPostsQuery } from '../features/scheduledPosts/scheduledPostsApi';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { useCapability } from '../lib/api/capabilities';
import { useT } from '../i18n/useT';
import './FeedPages.css';

/**
 * /scheduled: the member's posts waiting to be published, the soonest first (the `scheduled-posts`
 * extension), each to edit or cancel. Asked again each time the page is shown: posts publish meanwhile.
 */
export function ScheduledPostsPage() {
  const say = useT();
  const has = useCapability('scheduledPosts');
  const { data: posts, isLoading } = useGetScheduledPostsQuery(undefined, { skip: has !== true, refetchOnMountOrArgChange: true });
  useLoaderOffAfter(has === false || (has === true && !isLoading), TIMINGS.loaderOffShortMs);
  usePageTitle(say('page.scheduled'));
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">{say('page.scheduled')}</h1>
      {has === true && isLoading ? <p className="feed-page__status" role="status">{say('scheduled.loading')}</p> : null}
      {has === true && posts ? (
        posts.length === 0 ? (
          <p className="feed-page__status" tabIndex={-1} {...{ [EMPTY_LIST_ATTRIBUTE]: '' }}>{say('scheduled.empty')}</p>
        ) : (
          <ul className="scheduled-list" aria-label={say('scheduled.list')}>
            {posts.map((post) => (
              <li key={post.id}>
                <ScheduledPostCard post={post} />
              </li>
            ))}
          </ul>
        )
      ) : null}
      {has === false ? <p className="feed-page__status">{say('scheduled.unavailable')}</p> : null}
    </div>
  );
}
