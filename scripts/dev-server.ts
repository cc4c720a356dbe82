/**
 * `npm run dev`: the server in development (server/main.ts --dev, restarted by tsx watch). With
 * `PAYMOB_STANDIN=true`, card payments go to the Paymob stand-in (scripts/paymob-standin.ts),
 * started here first and handed to the server through the PAYMOB_* settings it reads anyway: the
 * server itself never imports a stand-in.
 */
import { standInEnv, startPaymobStandIn, STANDIN_SETTINGS } from './paymob-standin.ts';

if (process.env.PAYMOB_STANDIN === 'true') {
  const standIn = await startPaymobStandIn({
    port: Number(process.env.PAYMOB_STANDIN_PORT ?? 3099),
    ...STANDIN_SETTINGS,
    integrationIds: [STANDIN_SETTINGS.cardIntegrationId, STANDIN_SETTINGS.walletIntegrationId],
  });
  Object.assign(process.env, standInEnv(standIn.url));
  console.log(`Card payments go to the Paymob stand-in at ${standIn.url}`);
}

await import('../server/main.ts');
