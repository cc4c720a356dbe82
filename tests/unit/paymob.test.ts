/**
 * Paymob's transaction HMAC as core/payments/paymob.ts computes it: the concatenated string of Paymob's
 * documented sample transaction (developers.paymob.com, "HMAC Transaction Callback"), the same
 * string from the flat query of the Response callback, HMAC-SHA512 against RFC 4231, and the
 * signatures a callback may carry. Paymob does not publish the secret behind its sample HMAC, so
 * the documented string and the RFC vector together are the check. Also the amount an intention
 * asks for and the items that must add up to it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SHIPPING_FEE } from '../../contracts/index.ts';
import { amountDueCents, sumLines } from '../../contracts/money.ts';
import { intentionItems } from '../../core/payments/payments.ts';
import { createIntention, HMAC_FIELDS, hmacOf, PAYMOB_ANSWER_MAX_BYTES, PaymobError, processedHmacInput, responseHmacInput, responseOrderId, signatureMatches } from '../../core/payments/paymob.ts';

/** Paymob's sample transaction, as its Processed callback nests it in `obj` (with fields the HMAC does not cover). */
const SAMPLE_OBJ = {
  id: 192036465,
  pending: false,
  amount_cents: 100000,
  success: true,
  is_auth: false,
  is_capture: false,
  is_standalone_payment: true,
  is_voided: false,
  is_refunded: false,
  is_3d_secure: true,
  integration_id: 4097558,
  profile_id: 164295,
  has_parent_transaction: false,
  order: { id: 217503754, created_at: '2024-06-13T11:32:09.628623', merchant_order_id: 'ord-1', amount_cents: 100000 },
  created_at: '2024-06-13T11:33:44.592345',
  currency: 'EGP',
  source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
  error_occured: false,
  owner: 302852,
  data: { message: 'Approved' },
  is_refund: false,
  is_void: false,
};

/** The documented concatenation of the sample's HMAC fields. */
const SAMPLE_STRING = '1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue';

/** The same transaction as the Response callback's query: every value a string, the order as `order_id`. */
const SAMPLE_QUERY: Record<string, string> = {
  id: '192036465',
  pending: 'false',
  amount_cents: '100000',
  success: 'true',
  is_auth: 'false',
  is_capture: 'false',
  is_standalone_payment: 'true',
  is_voided: 'false',
  is_refunded: 'false',
  is_3d_secure: 'true',
  integration_id: '4097558',
  profile_id: '164295',
  has_parent_transaction: 'false',
  order_id: '217503754',
  created_at: '2024-06-13T11:33:44.592345',
  currency: 'EGP',
  merchant_order_id: 'ord-1',
  'source_data.pan': '2346',
  'source_data.sub_type': 'MasterCard',
  'source_data.type': 'card',
  error_occured: 'false',
  owner: '302852',
  'data.message': 'Approved',
};

describe('processedHmacInput', () => {
  it("concatenates Paymob's sample transaction into the documented string", () => {
    expect(processedHmacInput(SAMPLE_OBJ)).toBe(SAMPLE_STRING);
  });

  it('takes the fields in the documented order, whatever order the callback sends them in', () => {
    const reversed = Object.fromEntries(Object.entries(SAMPLE_OBJ).reverse());
    expect(processedHmacInput(reversed)).toBe(SAMPLE_STRING);
    expect(HMAC_FIELDS).toHaveLength(20);
    expect([...HMAC_FIELDS].slice(0, 3)).toEqual(['amount_cents', 'created_at', 'currency']);
    expect(HMAC_FIELDS.at(-1)).toBe('success');
  });

  it('reads a missing or nested-away field as empty, so the signature cannot match a changed shape', () => {
    const { source_data: _dropped, ...withoutSource } = SAMPLE_OBJ;
    expect(processedHmacInput(withoutSource)).toBe(SAMPLE_STRING.replace('2346MasterCardcard', ''));
    expect(processedHmacInput({ ...SAMPLE_OBJ, order: 217503754 })).toBe(SAMPLE_STRING.replace('217503754', ''));
    expect(processedHmacInput({ ...SAMPLE_OBJ, amount_cents: { value: 100000 } })).toBe(SAMPLE_STRING.replace(/^100000/, ''));
  });

  it('changes with any signed field, the amount and the result above all', () => {
    expect(processedHmacInput({ ...SAMPLE_OBJ, amount_cents: 100 })).not.toBe(SAMPLE_STRING);
    expect(processedHmacInput({ ...SAMPLE_OBJ, success: false })).toBe(SAMPLE_STRING.replace(/true$/, 'false'));
    expect(processedHmacInput({ ...SAMPLE_OBJ, order: { id: 1 } })).not.toBe(SAMPLE_STRING);
  });
});

describe('responseHmacInput', () => {
  it("gives the same string from the Response callback's flat query", () => {
    expect(responseHmacInput(SAMPLE_QUERY)).toBe(SAMPLE_STRING);
    expect(responseHmacInput({ ...SAMPLE_QUERY, hmac: 'ab'.repeat(64) })).toBe(SAMPLE_STRING);
  });

  it('reads the order from `order_id`, and from `order` when `order_id` is absent', () => {
    expect(responseOrderId(SAMPLE_QUERY)).toBe('217503754');
    const { order_id: orderId, ...rest } = SAMPLE_QUERY;
    expect(responseOrderId({ ...rest, order: orderId })).toBe('217503754');
    expect(responseHmacInput({ ...rest, order: orderId! })).toBe(SAMPLE_STRING);
    expect(responseOrderId(rest)).toBe('');
  });

  it('signs what a tampered return URL would change', () => {
    expect(responseHmacInput({ ...SAMPLE_QUERY, amount_cents: '1' })).not.toBe(SAMPLE_STRING);
    expect(responseHmacInput({ ...SAMPLE_QUERY, success: 'false' })).not.toBe(SAMPLE_STRING);
  });
});

describe('hmacOf', () => {
  it('is HMAC-SHA512 in lowercase hex (RFC 4231, test case 2)', () => {
    expect(hmacOf('what do ya want for nothing?', 'Jefe')).toBe(
      '164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737',
    );
  });
});

describe('signatureMatches', () => {
  const secret = 'a_test_hmac_secret';
  const good = hmacOf(SAMPLE_STRING, secret);

  it('accepts the signature of the input, in either case of hex', () => {
    expect(signatureMatches(good, SAMPLE_STRING, secret)).toBe(true);
    expect(signatureMatches(good.toUpperCase(), SAMPLE_STRING, secret)).toBe(true);
  });

  it('rejects a signature made with another secret or over another input', () => {
    expect(signatureMatches(hmacOf(SAMPLE_STRING, 'another secret'), SAMPLE_STRING, secret)).toBe(false);
    expect(signatureMatches(good, SAMPLE_STRING.replace('100000', '100'), secret)).toBe(false);
    expect(signatureMatches(`${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`, SAMPLE_STRING, secret)).toBe(false);
  });

  it.each([
    ['short', good.slice(0, 64)],
    ['long', `${good}00`],
    ['non-hex', `${good.slice(0, -2)}zz`],
    ['empty', ''],
    ['with spaces', ` ${good.slice(1)}`],
  ])('rejects a %s signature', (_label, signature) => {
    expect(signatureMatches(signature, SAMPLE_STRING, secret)).toBe(false);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['a number', 123],
    ['an array', [good]],
  ])('rejects a signature that is %s', (_label, signature) => {
    expect(signatureMatches(signature, SAMPLE_STRING, secret)).toBe(false);
  });
});

describe('amountDueCents', () => {
  it.each([
    [180, 70, 25_000],
    [598.5, 70, 66_900],
    [599.97, 70, 67_000],
    [0.01, 70, 7_100],
    [1_000, 0, 100_000],
  ])('asks for items of %s rounded up to the pound plus %s shipping: %s piastres', (items, shipping, cents) => {
    expect(amountDueCents({ totalOrderPrice: items, shippingPrice: shipping })).toBe(cents);
  });
});

describe('intentionItems', () => {
  const line = (price: number, count: number, size = 'm', title = 'تيشيرت قطن') => ({ title, size, count, price });

  it('adds up to the amount due, with a rounding line exactly when the items have piastres', () => {
    const prices = [0.01, 0.1, 19.99, 33.33, 99.5, 180, 1234.56];
    for (const a of prices) {
      for (const b of prices) {
        for (const count of [1, 2, 3]) {
          const lines = [line(a, count, 'm'), line(b, 1, 'l')];
          const order = { totalOrderPrice: sumLines(lines), shippingPrice: SHIPPING_FEE };
          const items = intentionItems(order, lines);
          expect(items.reduce((sum, item) => sum + item.amount * item.quantity, 0), `${a} × ${count} + ${b}`).toBe(amountDueCents(order));
          expect(items.every((item) => Number.isInteger(item.amount) && item.amount > 0)).toBe(true);
          const rounding = items.filter((item) => item.name === 'تقريب الإجمالي');
          expect(rounding.length, `${a} × ${count} + ${b}`).toBe(Number.isInteger(order.totalOrderPrice) ? 0 : 1);
        }
      }
    }
  });

  it('names each line with its size and pieces, one item per line, shipping last', () => {
    const lines = [line(199.5, 2, 'xl', 'ت'.repeat(80)), line(120, 1, 'm', 'بنطلون جينز')];
    const items = intentionItems({ totalOrderPrice: sumLines(lines), shippingPrice: 70 }, lines);
    expect(items).toEqual([
      { name: 'ت'.repeat(50), amount: 39_900, description: 'مقاس XL × 2', quantity: 1 },
      { name: 'بنطلون جينز', amount: 12_000, description: 'مقاس M × 1', quantity: 1 },
      { name: 'الشحن', amount: 7_000, description: 'مصاريف الشحن', quantity: 1 },
    ]);
  });

  it('names a coloured line by its colour before its size, and a line without colour as before', () => {
    const lines = [
      { ...line(180, 2, 'm', 'تيشيرت قطن'), colorName: 'كحلي' },
      { ...line(120, 1, '32', 'بنطلون جينز'), colorName: null },
    ];
    const items = intentionItems({ totalOrderPrice: sumLines(lines), shippingPrice: 70, discount: 20 }, lines);
    expect(items.map((item) => item.description)).toEqual(['لون كحلي، مقاس M × 2 (بعد خصم 20 جنيه)', 'مقاس 32 × 1', 'مصاريف الشحن']);
  });
});

describe("Paymob's answer", () => {
  it('is read to a limit: an answer that never stops is a PaymobError, not the whole of it in memory', async () => {
    let written = 0;
    const endless = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const more = () => {
        while (written < 64 * PAYMOB_ANSWER_MAX_BYTES) {
          written += 64 * 1_024;
          if (!response.write(Buffer.alloc(64 * 1_024, 0x20))) return void response.once('drain', more);
        }
        response.end();
      };
      more();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = endless.address() as AddressInfo;
      const settings = { secretKey: 'sk', publicKey: 'pk', hmacSecret: 'h', cardIntegrationId: 1, baseUrl: `http://127.0.0.1:${port}` };
      const request = { amountCents: 100, items: [], billing: { firstName: 'a', lastName: 'b', phone: '+201012345678', street: 's', city: 'c', postalCode: '11511' }, specialReference: 'r', notificationUrl: 'http://x', redirectionUrl: 'http://x' };
      await expect(createIntention(settings, request)).rejects.toBeInstanceOf(PaymobError);
      // The reading stopped near the limit; the server was not read to its end.
      expect(written).toBeLessThan(8 * PAYMOB_ANSWER_MAX_BYTES);
    } finally {
      endless.closeAllConnections();
      await new Promise<void>((resolve) => endless.close(() => resolve()));
    }
  });
});
