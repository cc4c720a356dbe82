/** POST /auth/signup, /auth/login, /auth/logout, /auth/forgot-password, /auth/reset-password. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginSchema, MSG, SignupSchema } from '../../contracts/index.ts';
import { endSession, login, signup, startSession } from '../../core/accounts/auth.ts';
import { AppError, parseOrThrow } from '../../core/shared/errors.ts';
import { ForgotPasswordSchema, ResetPasswordSchema } from '../../contracts/schemas.ts';
import { requestResetCode, resetPassword } from '../../core/accounts/password-reset.ts';
import { clearTokenCookie, readToken, setTokenCookie } from '../plugins/auth.ts';
import { authAttemptKeys } from '../plugins/rate-limit.ts';
import type { ApiContext } from './context.ts';
import { failures, NoContent, presentUser, UserShape } from './shapes.ts';

const SessionShape = z.object({ data: UserShape, token: z.string() });

/** The same answer whether or not the phone has an account. */
const CodeRequestedShape = z.object({ data: z.object({ phone: z.string() }), message: z.string() });

/** The original client sends the phone as `email`; both names are accepted. */
const LoginBody = z.object({ email: z.unknown().optional(), phone: z.unknown().optional(), password: z.unknown().optional() });

/** Validates a login body; errors name the field the client used (`email` unless it sent `phone`). */
function parseLogin(body: z.infer<typeof LoginBody>) {
  try {
    return parseOrThrow(LoginSchema, { phone: body.phone ?? body.email, password: body.password });
  } catch (error) {
    if (body.phone === undefined && error instanceof AppError) {
      for (const field of error.fields ?? []) if (field.path === 'phone') field.path = 'email';
    }
    throw error;
  }
}

const bodyField = (body: unknown, name: string): unknown =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

export function authRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/signup',
      {
        schema: {
          tags: ['auth'],
          summary: 'Create a customer account',
          body: SignupSchema,
          response: { 201: SessionShape, ...failures(400, 403, 413, 415, 429) },
        },
        // Counted before validation, so malformed attempts count too.
        preValidation: async (request) => ctx.limiter.check(authAttemptKeys(request.ip, bodyField(request.body, 'phone'))),
      },
      async (request, reply) => {
        const user = await signup(ctx.db, request.body);
        const token = await startSession(ctx.db, ctx.jwtSecret, { id: user.id, tokenVersion: 0 });
        setTokenCookie(reply, token);
        return reply.status(201).send({ data: presentUser(user), token });
      },
    );

    app.post(
      '/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Log in with a phone (as `email` or `phone`) and password',
          body: LoginBody,
          response: { 200: SessionShape, ...failures(400, 401, 403, 413, 415, 429) },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const phone = body.phone ?? body.email;
        // Counted before validation, so malformed attempts count too.
        await ctx.logins.before(request.ip, phone);
        const user = await login(ctx.db, parseLogin(body)).catch(async (error: unknown) => {
          throw error instanceof AppError && error.status === 401 ? await ctx.logins.failed(request.ip, phone) : error;
        });
        const token = await startSession(ctx.db, ctx.jwtSecret, user);
        setTokenCookie(reply, token);
        return { data: presentUser(user), token };
      },
    );

    app.post(
      '/auth/forgot-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Send a 6-digit password-reset code on WhatsApp (10 minutes, 5 tries, the last code only); the same answer whether or not the phone has an account',
          body: ForgotPasswordSchema,
          response: { 200: CodeRequestedShape, ...failures(400, 403, 413, 415, 429) },
        },
        // Counted before validation, so malformed attempts count too; codes have an hourly limit of their own.
        preValidation: async (request) => {
          await ctx.limiter.check(authAttemptKeys(request.ip, bodyField(request.body, 'phone')));
          await ctx.resetCodes.check(request.ip, bodyField(request.body, 'phone'));
        },
      },
      async (request) => {
        await requestResetCode(ctx.db, request.body.phone);
        return { data: { phone: request.body.phone }, message: MSG.resetCodeSent };
      },
    );

    app.post(
      '/auth/reset-password',
      {
        schema: {
          tags: ['auth'],
          summary: "Set a new password with the phone's last reset code: every session of the account ends and this one starts, as at login; a wrong or expired code is a 400",
          body: ResetPasswordSchema,
          response: { 200: SessionShape, ...failures(400, 403, 413, 415, 429) },
        },
        // Counted before validation, so malformed attempts count too.
        preValidation: async (request) => ctx.limiter.check(authAttemptKeys(request.ip, bodyField(request.body, 'phone'))),
      },
      async (request, reply) => {
        const user = await resetPassword(ctx.db, request.body);
        const token = await startSession(ctx.db, ctx.jwtSecret, user);
        setTokenCookie(reply, token);
        return { data: presentUser(user), token };
      },
    );

    app.post(
      '/auth/logout',
      { schema: { tags: ['auth'], summary: 'End this session on the server and clear the cookie', response: { 204: NoContent, ...failures(403) } } },
      async (request, reply) => {
        const token = readToken(request);
        if (token) await endSession(ctx.db, ctx.jwtSecret, token);
        clearTokenCookie(reply);
        return reply.status(204).send();
      },
    );
  };
}
