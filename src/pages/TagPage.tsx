import { useParams } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle';
import { TIMINGS } from '../config/timings';
import { usePagedPosts } from '../features/posts/pagedPosts';
import { useLoaderOffAfter } from '../features/ui/useLoaderOffAfter';
import { useCapability } from '../lib/api/capabilities';
import { useCatchUp } from '../features/live/useNewPosts';
import { FeedPage } from './FeedPage';
import './FeedPages.css';

/** What the page says in place of the posts when it has none to show. */
export const TAG_PAGE_TEXTS = {
  unavailable: 'This server does not list posts by tag.',
  failed: (title: string) => `The posts with ${title} could not be loaded.`,
  empty: (title: string) => `No posts with ${title} yet.`,
} as const;

/** /tags/:tag: the posts whose text holds the tag, in any case, newest first, a page at a time. */
export function TagPage() {
  const { tag = '' } = useParams();
  const title = `#${tag}`;
  usePageTitle(title);
  // Only a backend with the `tags` extension lists posts by tag.
  const paged = useCapability('tags');
  const pages = usePagedPosts({ list: 'tag', tag }, { skip: paged !== true, ...useCatchUp() });
  useLoaderOffAfter(pages.isSuccess || pages.isError || paged === false, TIMINGS.loaderOffLongMs);

  // A refusal is also said in a toast (a tag no text can hold); here the page says what is missing.
  const missing = paged === false ? TAG_PAGE_TEXTS.unavailable : pages.isError && !pages.loaded ? TAG_PAGE_TEXTS.failed(title) : undefined;
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
      emptyText={TAG_PAGE_TEXTS.empty(title)}
      label={`Posts with ${title}`}
    />
  );
}
