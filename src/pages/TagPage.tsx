import { useParams } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { usePagedPosts } from '../features/posts/pagedPosts';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { useCapability } from '../lib/api/capabilities';
import { useCatchUp } from '../features/live/useNewPosts';
import { FeedPage } from './FeedPage';
import { useT } from '../i18n/useT';
import './FeedPages.css';

/** What the page says in place of the posts when it has none to show. */
/** /tags/:tag: the posts whose text holds the tag, in any case, newest first, a page at a time. */
export function TagPage() {
  const { tag = '' } = useParams();
  const say = useT();
  const title = `#${tag}`;
  usePageTitle(title);
  // Only a backend with the `tags` extension lists posts by tag.
  const paged = useCapability('tags');
  const pages = usePagedPosts({ list: 'tag', tag }, { skip: paged !== true, ...useCatchUp() });
  useLoaderOffAfter(pages.isSuccess || pages.isError || paged === false, TIMINGS.loaderOffLongMs);

  // A refusal is also said in a toast (a tag no text can hold); here the page says what is missing.
  const missing = paged === false ? say('tag.unavailable') : pages.isError && !pages.loaded ? say('tag.failed', { tag: title }) : undefined;
  if (missing) {
    return (
      <div className="feed-page">
        <h1 className="feed-page__title">{title}</h1>
        <p className="feed-page__status" role="status">{missing}</p>
      </div>
    );
  }
  return (
    <FeedPage
      title={title}
      loading={paged === undefined || pages.isLoading}
      posts={pages.posts}
      more={pages.more}
      emptyText={say('tag.empty', { tag: title })}
      label={say('tag.feed', { tag: title })}
    />
  );
}
