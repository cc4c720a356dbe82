/**
 * `npm run dev`: the server in development (server/main.ts --dev, restarted by tsx watch). With
 * `PAYMOB_STANDIN=true`, card payments go to the Paymob stand-in (scripts/paymob-standin.ts),
 * started here first and handed to the server through the PAYMOB_* settings it reads anyway: the
 * server itself never imports a stand-in. With `BOSTA_STANDIN=true`, orders are shipped with the
 * Bosta stand-in (scripts/bosta-standin.ts) the same way, its webhook posting to this shop. With
 * `WHATSAPP_STANDIN=true`, messages to customers go to the WhatsApp stand-in
 * (scripts/whatsapp-standin.ts), whose webhooks (statuses, quick-reply taps) post to this shop.
 */
import { bostaStandInEnv, BOSTA_STANDIN_SETTINGS, startBostaStandIn } from './bosta-standin.ts';
import { standInEnv, startPaymobStandIn, STANDIN_SETTINGS } from './paymob-standin.ts';
import { startWhatsAppStandIn, WHATSAPP_STANDIN_SETTINGS, whatsappStandInEnv } from './whatsapp-standin.ts';

if (process.env.PAYMOB_STANDIN === 'true') {
  const standIn = await startPaymobStandIn({
    port: Number(process.env.PAYMOB_STANDIN_PORT ?? 3099),
    ...STANDIN_SETTINGS,
    integrationIds: [STANDIN_SETTINGS.cardIntegrationId, STANDIN_SETTINGS.walletIntegrationId],
  });
  Object.assign(process.env, standInEnv(standIn.url));
  console.log(`Card payments go to the Paymob stand-in at ${standIn.url}`);
}

if (process.env.BOSTA_STANDIN === 'true') {
  const storeUrl = (process.env.STORE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
  const standIn = await startBostaStandIn({
    port: Number(process.env.BOSTA_STANDIN_PORT ?? 3098),
    ...BOSTA_STANDIN_SETTINGS,
    webhookUrl: `${storeUrl}/api/v1/couriers/bosta/webhook`,
  });
  Object.assign(process.env, bostaStandInEnv(standIn.url));
  console.log(`Shipments go to the Bosta stand-in at ${standIn.url}; move one with POST ${standIn.url}/_standin/deliveries/<tracking number>/state {"code": 45}`);
}

if (process.env.WHATSAPP_STANDIN === 'true') {
  const storeUrl = (process.env.STORE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
  const standIn = await startWhatsAppStandIn({
    port: Number(process.env.WHATSAPP_STANDIN_PORT ?? 3097),
    ...WHATSAPP_STANDIN_SETTINGS,
    webhookUrl: `${storeUrl}/api/v1/webhooks/whatsapp`,
  });
  Object.assign(process.env, whatsappStandInEnv(standIn.url));
  console.log(
    `WhatsApp messages go to the stand-in at ${standIn.url}: GET ${standIn.url}/_standin/sent lists them; ` +
      `tap a button with POST ${standIn.url}/_standin/reply {"messageId": "wamid…", "payload": "confirm:<order id>"}`,
  );
}

await import('../server/main.ts');
