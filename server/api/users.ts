/** GET /users/getMe, PUT /users/changeMyPassword, and the admin's GET /users, GET /users/{id}, PUT /users/{id}. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChangePasswordSchema, IdParamsSchema, UpdateRoleSchema, UsersQuerySchema } from '../../contracts/index.ts';
import { changeOwnPassword } from '../../core/accounts/auth.ts';
import { getUserDetails, listUsers, setUserRole } from '../../core/accounts/users.ts';
import { currentUser, setTokenCookie } from '../plugins/auth.ts';
import { authAttemptKeys } from '../plugins/rate-limit.ts';
import type { ApiContext } from './context.ts';
import { failures, listOf, one, presentPage, presentUser, presentUserDetails, UserDetailsShape, UserShape } from './shapes.ts';

export function userRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/getMe',
      {
        preHandler: ctx.guards.signedIn,
        schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: one(UserShape), ...failures(401) } },
      },
      async (request) => ({ data: presentUser(currentUser(request)) }),
    );

    app.put(
      '/users/changeMyPassword',
      {
        preHandler: ctx.guards.signedIn,
        schema: {
          tags: ['users'],
          summary: 'Change your own password: every session of the account ends, and this device gets a new token',
          body: ChangePasswordSchema,
          response: { 200: z.object({ data: UserShape, token: z.string() }), ...failures(400, 401, 403, 413, 415, 429) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        // A stolen session must not guess the current password at leisure: it counts like a login.
        await ctx.limiter.check(authAttemptKeys(request.ip, user.phone));
        const { user: changed, token } = await changeOwnPassword(ctx.db, ctx.jwtSecret, user.id, request.body);
        setTokenCookie(reply, token);
        return { data: presentUser(changed), token };
      },
    );

    app.get(
      '/users',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['users'],
          summary: 'Users, newest first; `phone` filters by a part of the number',
          querystring: UsersQuerySchema,
          response: { 200: listOf(UserShape), ...failures(400, 401, 403) },
        },
      },
      async (request) => presentPage(await listUsers(ctx.db, request.query), presentUser),
    );

    app.get(
      '/users/:id',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['users'],
          summary: 'A user with their order count and total spent',
          params: IdParamsSchema,
          response: { 200: one(UserDetailsShape), ...failures(400, 401, 403, 404) },
        },
      },
      async (request) => ({ data: presentUserDetails(await getUserDetails(ctx.db, request.params.id)) }),
    );

    app.put(
      '/users/:id',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['users'],
          summary: 'Make a user an admin or a customer (the last admin stays)',
          params: IdParamsSchema,
          body: UpdateRoleSchema,
          response: { 200: one(UserShape), ...failures(400, 401, 403, 404, 409, 413, 415) },
        },
      },
      async (request) => ({ data: presentUser(await setUserRole(ctx.db, request.params.id, request.body.role)) }),
    );
  };
}
