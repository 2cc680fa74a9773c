/** The /users/bookmark calls of spec section 7. They answer with full post objects. */
import type { BookmarksResponse } from '../../contract/api';
import type { MockContext } from '../context';
import type { UserRecord } from '../db';
import { addBookmark, listBookmarks, removeBookmark } from '../rules/bookmarks';
import { toPosts } from '../rules/serialise';
import { memberRoute, param, type RouteSpec } from './http';

const bookmarksOf = (ctx: MockContext, member: UserRecord): BookmarksResponse => (
  { bookmarks: toPosts(ctx.db, listBookmarks(ctx.db, member)) }
);

/** These must be matched before GET /users/:userId, so index.ts puts them first. */
export const bookmarkRoutes: RouteSpec[] = [
  memberRoute('get', '/users/bookmark', 200, ({ ctx, member }) => bookmarksOf(ctx, member)),

  memberRoute('post', '/users/bookmark/:postId', 201, ({ ctx, params, member }) => {
    addBookmark(ctx, member, param(params, 'postId'));
    return bookmarksOf(ctx, member);
  }),

  memberRoute('post', '/users/remove-bookmark/:postId', 201, ({ ctx, params, member }) => {
    removeBookmark(ctx, member, param(params, 'postId'));
    return bookmarksOf(ctx, member);
  }),
];
