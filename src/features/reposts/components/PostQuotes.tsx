import { useId } from 'react';
import { useCapability } from '../../../lib/api/capabilities';
import { useT } from '../../../i18n/useT';
import type { Post } from '../../../types/api';
import { PostList } from '../../posts/components/PostList';
import { usePostPages } from '../../posts/pagedPosts';
import { useGetQuotePagesInfiniteQuery } from '../repostsApi';
import './Reposts.css';

/**
 * The posts quoting a post, under it on its page, newest first and a page at a time as every list of
 * posts loads; nothing while there are none, nor for a backend without the `reposts` extension.
 */
export function PostQuotes({ post }: { post: Post }) {
  const say = useT();
  const titleId = useId();
  const has = useCapability('reposts') === true;
  const { posts, more } = usePostPages(useGetQuotePagesInfiniteQuery(post.id, { skip: !has }));
  if (!has || posts.length === 0) return null;
  return (
    <section className="quotes" aria-labelledby={titleId}>
      <h2 id={titleId} className="quotes__title">{say('quotes.title')}</h2>
      <PostList posts={posts} more={more} label={say('quotes.list')} emptyText="" />
    </section>
  );
}
