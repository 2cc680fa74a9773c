/** The /posts calls of spec section 7. Every write answers with the whole list of posts. */
import type { PostResponse, PostsResponse } from '../../contract/api';
import { createPost, deletePost, dislikePost, editPost, findPost, likePost, listPosts, listPostsOfUsername } from '../rules/posts';
import { toPost, toPosts } from '../rules/serialise';
import type { MockContext } from '../context';
import { memberRoute, param, publicRoute, readJson, type RouteSpec } from './http';

const allPosts = (ctx: MockContext): PostsResponse => ({ posts: toPosts(ctx.db, listPosts(ctx.db)) });

export const postRoutes: RouteSpec[] = [
  publicRoute('get', '/posts', 200, ({ ctx }) => allPosts(ctx)),

  publicRoute('get', '/posts/user/:username', 200, ({ ctx, params }): PostsResponse => (
    { posts: toPosts(ctx.db, listPostsOfUsername(ctx.db, param(params, 'username'))) }
  )),

  publicRoute('get', '/posts/:postId', 200, ({ ctx, params }): PostResponse => (
    { post: toPost(ctx.db, findPost(ctx.db, param(params, 'postId'))) }
  )),

  memberRoute('post', '/posts', 201, async ({ ctx, request, member }) => {
    const body = await readJson(request);
    createPost(ctx, member, body);
    return allPosts(ctx);
  }),

  memberRoute('delete', '/posts/:postId', 200, ({ ctx, params, member }) => {
    deletePost(ctx, member, param(params, 'postId'));
    return allPosts(ctx);
  }),

  memberRoute('post', '/posts/edit/:postId', 201, async ({ ctx, request, params, member }) => {
    const body = await readJson(request);
    editPost(ctx, member, param(params, 'postId'), body);
    return allPosts(ctx);
  }),

  memberRoute('post', '/posts/like/:postId', 201, ({ ctx, params, member }) => {
    likePost(ctx, member, param(params, 'postId'));
    return allPosts(ctx);
  }),

  memberRoute('post', '/posts/dislike/:postId', 201, ({ ctx, params, member }) => {
    dislikePost(ctx, member, param(params, 'postId'));
    return allPosts(ctx);
  }),
];
