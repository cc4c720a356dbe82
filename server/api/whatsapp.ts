/**
 * WhatsApp's webhook (API.md "Additions: messages to customers"): Meta's verification of the URL
 * (GET) and its signed notifications (POST): delivery statuses and a cash order's confirm or
 * cancel tap. README tells the owner to enter `{STORE_URL}/api/v1` + WHATSAPP_WEBHOOK_ROUTE in
 * the Meta app's dashboard.
 */
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../contracts/index.ts';
import { AppError } from '../../core/shared/errors.ts';
import { answerVerification, verifyWebhookSignature } from '../../core/messages/cloud-api.ts';
import { applyWhatsAppWebhook } from '../../core/orders/whatsapp-replies.ts';
import type { ApiContext } from './context.ts';
import { failures } from './shapes.ts';

/** The route's usual transform, plus its 200: the challenge as plain text. */
const documentChallenge: SwaggerTransform = (document) => {
  const { schema, url } = jsonSchemaTransform(document);
  const response = { ...(schema.response as object), 200: { description: 'hub.challenge', content: { 'text/plain': { schema: { type: 'string' } } } } };
  return { url, schema: { ...schema, response } };
};

export const WHATSAPP_WEBHOOK_ROUTE = '/webhooks/whatsapp';

/** Meta batches up to 1,000 updates in one notification: room for them, and no more. */
export const WHATSAPP_WEBHOOK_BODY_LIMIT = 1024 * 1024;

export function whatsappRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The signature is over the bytes Meta sent: this route keeps them and parses them itself.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WHATSAPP_WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    app.get(
      WHATSAPP_WEBHOOK_ROUTE,
      {
        config: { swaggerTransform: documentChallenge },
        schema: {
          tags: ['whatsapp'],
          summary: "Meta's verification of the webhook URL: hub.mode=subscribe with the shop's verify token answers hub.challenge as text; anything else is 403",
          querystring: z.looseObject({}),
          // Text skips the JSON serializer; the 200 is documented as text/plain (documentChallenge).
          response: failures(403),
        },
      },
      async (request, reply) => {
        const challenge = ctx.whatsapp ? answerVerification(request.query, ctx.whatsapp.verifyToken) : null;
        if (challenge === null) throw new AppError(403, MSG.forbidden);
        return reply.type('text/plain; charset=utf-8').send(challenge as never);
      },
    );

    app.post(
      WHATSAPP_WEBHOOK_ROUTE,
      {
        bodyLimit: WHATSAPP_WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['whatsapp'],
          summary:
            "Meta's notifications: accepted only with X-Hub-Signature-256 = sha256= + the HMAC-SHA256 of the raw body with the app secret (401 otherwise, " +
            'nothing changes). Delivery statuses are recorded on their message; a quick-reply tap on a cash order\'s message, from the phone it went to, ' +
            'confirms or cancels that order; repeats change nothing',
          body: z.unknown(),
          response: { 200: z.object({ received: z.literal(true) }), ...failures(400, 401, 413, 415) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['x-hub-signature-256'];
        if (!ctx.whatsapp || !verifyWebhookSignature(raw, typeof header === 'string' ? header : undefined, ctx.whatsapp.appSecret)) {
          throw new AppError(401, MSG.whatsappSignatureInvalid);
        }
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError(400, MSG.invalidJson);
        }
        const result = await applyWhatsAppWebhook(ctx.db, body);
        request.log.info({ whatsapp: result }, 'whatsapp webhook');
        return { received: true as const };
      },
    );
  };
}
