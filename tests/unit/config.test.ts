/** The settings read at boot: card payments on only with every Paymob key, and never a key in an error. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

const PAYMOB = {
  PAYMOB_SECRET_KEY: 'egy_sk_test_secret_value',
  PAYMOB_PUBLIC_KEY: 'egy_pk_test_public_value',
  PAYMOB_HMAC_SECRET: 'hmac_secret_value',
  PAYMOB_CARD_INTEGRATION_ID: '4097558',
};

describe('loadConfig: the shop\'s address', () => {
  it('is this machine on PORT while STORE_URL is unset, so Paymob calls a local shop back on its own port', () => {
    expect(loadConfig({}).storeUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3592' }).storeUrl).toBe('http://localhost:3592');
    expect(loadConfig({ PORT: '3592', STORE_URL: 'https://shop.example/' }).storeUrl).toBe('https://shop.example');
  });
});

describe('loadConfig: card payments', () => {
  it('leaves the shop cash only while the Paymob keys are unset, with a 30-minute payment time', () => {
    const config = loadConfig({});
    expect(config.paymob).toBeUndefined();
    expect(config.paymentTimeoutMinutes).toBe(30);
  });

  it('reads every Paymob setting, defaulting to Paymob’s own address', () => {
    const config = loadConfig({ ...PAYMOB, PAYMOB_WALLET_INTEGRATION_ID: '4097559', PAYMENT_TIMEOUT_MINUTES: '15' });
    expect(config.paymob).toEqual({
      secretKey: PAYMOB.PAYMOB_SECRET_KEY,
      publicKey: PAYMOB.PAYMOB_PUBLIC_KEY,
      hmacSecret: PAYMOB.PAYMOB_HMAC_SECRET,
      cardIntegrationId: 4097558,
      walletIntegrationId: 4097559,
      baseUrl: 'https://accept.paymob.com',
    });
    expect(config.paymentTimeoutMinutes).toBe(15);
    expect(loadConfig({ ...PAYMOB, PAYMOB_BASE_URL: 'http://127.0.0.1:3099/' }).paymob?.baseUrl).toBe('http://127.0.0.1:3099');
  });

  it('treats empty values as unset, as .env files write them', () => {
    const blank = Object.fromEntries(Object.keys(PAYMOB).map((key) => [key, '']));
    expect(loadConfig({ ...blank, PAYMOB_WALLET_INTEGRATION_ID: '' }).paymob).toBeUndefined();
  });

  it('stops on a partial set, naming the missing settings and none of the values', () => {
    const { PAYMOB_HMAC_SECRET: _hmac, PAYMOB_CARD_INTEGRATION_ID: _card, ...partial } = PAYMOB;
    let message = '';
    try {
      loadConfig(partial);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('PAYMOB_HMAC_SECRET');
    expect(message).toContain('PAYMOB_CARD_INTEGRATION_ID');
    expect(message).not.toContain(PAYMOB.PAYMOB_SECRET_KEY);
    expect(message).not.toContain(PAYMOB.PAYMOB_PUBLIC_KEY);
  });

  it('refuses a bad integration id, base address or payment time without echoing them', () => {
    expect(() => loadConfig({ ...PAYMOB, PAYMOB_CARD_INTEGRATION_ID: 'card' })).toThrow(/PAYMOB_CARD_INTEGRATION_ID/);
    expect(() => loadConfig({ ...PAYMOB, PAYMOB_BASE_URL: 'not a url' })).toThrow(/PAYMOB_BASE_URL/);
    expect(() => loadConfig({ PAYMENT_TIMEOUT_MINUTES: '0' })).toThrow(/PAYMENT_TIMEOUT_MINUTES/);
    expect(() => loadConfig({ PAYMENT_TIMEOUT_MINUTES: '-5' })).toThrow(/PAYMENT_TIMEOUT_MINUTES/);
  });
});

describe('loadConfig: proxies in front of the shop', () => {
  it('trusts none by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('takes a number of proxies, or their addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8, loopback' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/255.0.0.0' }).trustProxy).toEqual(['10.0.0.0/255.0.0.0']);
  });

  it('refuses to trust every client, and anything that is no address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/10\.0\.0\.0\/33/);
  });
});

describe('loadConfig: shipping with Bosta', () => {
  it('marks shipping by hand while BOSTA_API_KEY is unset or blank', () => {
    expect(loadConfig({}).bosta).toBeUndefined();
    expect(loadConfig({ BOSTA_API_KEY: '', BOSTA_WEBHOOK_SECRET: '' }).bosta).toBeUndefined();
  });

  it("reads the Bosta settings, defaulting to Bosta's own address and the Authorization header", () => {
    expect(loadConfig({ BOSTA_API_KEY: 'key-value', BOSTA_WEBHOOK_SECRET: 'webhook-secret' }).bosta).toEqual({
      apiKey: 'key-value',
      baseUrl: 'https://app.bosta.co',
      pickupAddressId: undefined,
      webhookHeader: 'Authorization',
      webhookSecret: 'webhook-secret',
    });
    const staging = loadConfig({
      BOSTA_API_KEY: 'key-value',
      BOSTA_WEBHOOK_SECRET: 'webhook-secret',
      BOSTA_WEBHOOK_HEADER: 'X-Bosta-Key',
      BOSTA_BASE_URL: 'https://stg-app.bosta.co/',
      BOSTA_PICKUP_ADDRESS_ID: 'loc-1',
    }).bosta;
    expect(staging).toMatchObject({ baseUrl: 'https://stg-app.bosta.co', webhookHeader: 'X-Bosta-Key', pickupAddressId: 'loc-1' });
  });

  it('stops on a key without a webhook secret, and on a header name that is not one, naming no value', () => {
    expect(() => loadConfig({ BOSTA_API_KEY: 'key-value' })).toThrow(/BOSTA_WEBHOOK_SECRET/);
    expect(() => loadConfig({ BOSTA_API_KEY: 'key-value' })).not.toThrow(/key-value/);
    expect(() => loadConfig({ BOSTA_API_KEY: 'key-value', BOSTA_WEBHOOK_SECRET: 's', BOSTA_WEBHOOK_HEADER: 'Bad Header:' })).toThrow(/BOSTA_WEBHOOK_HEADER/);
  });
});

describe('loadConfig: messages on WhatsApp', () => {
  const ALL = { WHATSAPP_TOKEN: 'token-value', WHATSAPP_PHONE_NUMBER_ID: '1234567890', WHATSAPP_APP_SECRET: 'app-secret', WHATSAPP_VERIFY_TOKEN: 'verify-token' };

  it('sends nothing while the settings are unset or blank', () => {
    expect(loadConfig({}).whatsapp).toBeUndefined();
    expect(loadConfig({ WHATSAPP_TOKEN: '', WHATSAPP_PHONE_NUMBER_ID: '', WHATSAPP_APP_SECRET: '', WHATSAPP_VERIFY_TOKEN: '' }).whatsapp).toBeUndefined();
  });

  it("reads the four settings, defaulting to Meta's Graph API", () => {
    expect(loadConfig(ALL).whatsapp).toEqual({ token: 'token-value', phoneNumberId: '1234567890', appSecret: 'app-secret', verifyToken: 'verify-token', baseUrl: 'https://graph.facebook.com' });
    expect(loadConfig({ ...ALL, WHATSAPP_BASE_URL: 'http://127.0.0.1:3097/' }).whatsapp?.baseUrl).toBe('http://127.0.0.1:3097');
  });

  it('stops on some settings without the others, naming the missing ones and no value', () => {
    const some = { WHATSAPP_TOKEN: 'token-value', WHATSAPP_PHONE_NUMBER_ID: '1234567890' };
    expect(() => loadConfig(some)).toThrow(/WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN/);
    expect(() => loadConfig(some)).not.toThrow(/token-value/);
  });
});

describe('loadConfig: searches and the catalogue cache', () => {
  it('runs 3 searches at once, 1 beside other requests, and keeps 1,000 catalogue answers by default', () => {
    const config = loadConfig({});
    expect(config.search).toMatchObject({ concurrent: 3, concurrentBeside: 1, queued: 50 });
    expect(config.catalogueCacheEntries).toBe(1_000);
  });

  it('reads SEARCH_CONCURRENCY_BESIDE and CATALOGUE_CACHE_ENTRIES, 0 keeping nothing, and refuses what is no count', () => {
    const config = loadConfig({ SEARCH_CONCURRENCY_BESIDE: '2', CATALOGUE_CACHE_ENTRIES: '0' });
    expect(config.search.concurrentBeside).toBe(2);
    expect(config.catalogueCacheEntries).toBe(0);
    expect(() => loadConfig({ SEARCH_CONCURRENCY_BESIDE: '0' })).toThrow(/SEARCH_CONCURRENCY_BESIDE/);
    expect(() => loadConfig({ CATALOGUE_CACHE_ENTRIES: '-1' })).toThrow(/CATALOGUE_CACHE_ENTRIES/);
  });
});
