/** POST /auth/signup and POST /auth/login. */
import { login, signup } from '../rules/auth';
import { toUser } from '../rules/serialise';
import type { LoginResponse, SignupResponse } from '../../contract/api';
import { publicRoute, readJson, type RouteSpec } from './http';

export const authRoutes: RouteSpec[] = [
  publicRoute('post', '/auth/signup', 201, async ({ ctx, request }): Promise<SignupResponse> => {
    const body = await readJson(request);
    // The check-and-create runs with no pause inside it, so two signups cannot take one username.
    const user = signup(ctx, body);
    return { createdUser: toUser(ctx.db, user), encodedToken: await ctx.tokens.sign(user) };
  }, true),

  publicRoute('post', '/auth/login', 200, async ({ ctx, request }): Promise<LoginResponse> => {
    const body = await readJson(request);
    const user = login(ctx, body);
    return { foundUser: toUser(ctx.db, user), encodedToken: await ctx.tokens.sign(user) };
  }),
];
