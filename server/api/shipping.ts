/** The shop's shipping rules (API.md "shipping by governorate"): anyone reads them, admins change them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GOVERNORATES, ShippingRulesSchema } from '../../contracts/index.ts';
import { changeShippingRules, readShippingRules } from '../../core/checkout/shipping.ts';
import type { ApiContext } from './context.ts';
import { failures, one } from './shapes.ts';

const ShippingRulesShape = z.object({
  fees: z.array(z.object({ governorate: z.enum(GOVERNORATES), fee: z.number() })).describe('All 27 governorates, in the order of the governorate list'),
  freeShippingFrom: z.number().nullable().describe('An items total from which shipping is free, or null'),
  codFee: z.number().describe('Added to cash orders'),
});

export function shippingRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/shipping',
      {
        schema: {
          tags: ['shipping'],
          summary: "Each governorate's shipping fee, the free-shipping threshold and the cash-on-delivery fee",
          response: { 200: one(ShippingRulesShape), ...failures() },
        },
      },
      async () => ({ data: await readShippingRules(ctx.db) }),
    );

    app.put(
      '/shipping',
      {
        preHandler: ctx.guards.admin,
        schema: {
          tags: ['shipping'],
          summary: 'Change any part of the shipping rules; placed orders keep what they were charged. A bad value is 400 and changes nothing',
          body: ShippingRulesSchema,
          response: { 200: one(ShippingRulesShape), ...failures(400, 401, 403, 413, 415) },
        },
      },
      async (request) => ({ data: await changeShippingRules(ctx.db, request.body) }),
    );
  };
}
