/** The /users calls of spec section 7 (bookmarks are in bookmarks.ts). */
import type { FollowResponse, UserResponse, UsersResponse } from '../../contract/api';
import { toUser, toUsers } from '../rules/serialise';
import { editProfile, findUser, follow, listUsers, unfollow } from '../rules/users';
import { memberRoute, param, publicRoute, readJson, type RouteSpec } from './http';

export const userRoutes: RouteSpec[] = [
  publicRoute('get', '/users', 200, ({ ctx }): UsersResponse => ({ users: toUsers(ctx.db, listUsers(ctx.db)) })),

  memberRoute('post', '/users/edit', 201, async ({ ctx, request, member }): Promise<UserResponse> => {
    const body = await readJson(request);
    return { user: toUser(ctx.db, editProfile(ctx, member, body)) };
  }),

  memberRoute('post', '/users/follow/:userId', 201, ({ ctx, params, member }): FollowResponse => {
    const other = follow(ctx, member, param(params, 'userId'));
    return { user: toUser(ctx.db, member), followUser: toUser(ctx.db, other) };
  }),

  memberRoute('post', '/users/unfollow/:userId', 201, ({ ctx, params, member }): FollowResponse => {
    const other = unfollow(ctx, member, param(params, 'userId'));
    return { user: toUser(ctx.db, member), followUser: toUser(ctx.db, other) };
  }),

  publicRoute('get', '/users/:userId', 200, ({ ctx, params }): UserResponse => (
    { user: toUser(ctx.db, findUser(ctx.db, param(params, 'userId'))) }
  )),
];
