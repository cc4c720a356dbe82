/**
 * The Bosta client (core/couriers/bosta.ts) against the Bosta stand-in (scripts/bosta-standin.ts)
 * over HTTP: a delivery created, read, printed and cancelled; what Bosta refuses, what it does
 * not know and Bosta away, each as its CourierError kind; every governorate reaching a Bosta
 * city; the state webhook read back; and each Bosta state code in the shop's words.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GOVERNORATES } from '../../contracts/governorates.ts';
import { BOSTA_STATES, shipmentStateForBostaCode } from '../../core/couriers/bosta-states.ts';
import { BOSTA_ANSWER_MAX_BYTES, bostaCityFor, bostaWebhookAuthorised, createBosta, parseBostaWebhook, readBostaCities, type BostaSettings } from '../../core/couriers/bosta.ts';
import { CourierError, type NewDelivery, type ShipmentState } from '../../core/couriers/courier.ts';
import { trackingUrlOf } from '../../core/couriers/tracking.ts';
import { BOSTA_STANDIN_SETTINGS, startBostaStandIn, type BostaStandIn } from '../../scripts/bosta-standin.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** The shop's webhook endpoint: records what Bosta posts and answers `status`. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      response.writeHead(state.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/webhooks/bosta`, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let standIn: BostaStandIn;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  standIn = await startBostaStandIn({
    apiKey: BOSTA_STANDIN_SETTINGS.apiKey,
    webhookUrl: receiver.url,
    webhookHeader: 'X-Shop-Bosta',
    webhookSecret: BOSTA_STANDIN_SETTINGS.webhookSecret,
  });
});

afterAll(async () => {
  await standIn.close();
  await receiver.close();
});

afterEach(() => {
  vi.restoreAllMocks();
  standIn.setDown(false);
  receiver.state.status = 200;
});

function bosta(settings: Partial<BostaSettings> = {}) {
  return createBosta({ apiKey: BOSTA_STANDIN_SETTINGS.apiKey, baseUrl: standIn.url, ...settings });
}

let orderNumber = 1000;
function anOrder(overrides: Partial<NewDelivery> = {}): NewDelivery {
  orderNumber += 1;
  return {
    reference: `ORD-${orderNumber}`,
    receiver: { name: 'أحمد محمود علي', phone: '01012345678' },
    address: { city: 'القاهرة', district: 'مدينة نصر', details: '12 شارع عباس العقاد، الدور الثالث' },
    cod: 250,
    allowOpenPackage: true,
    itemsCount: 2,
    description: 'تيشيرت قطن مقاس L ×2',
    ...overrides,
  };
}

/** Moves a delivery on the stand-in as Bosta would, and returns the stand-in's answer. */
async function moveTo(trackingNumber: string, code: number, codCollected?: number) {
  const response = await fetch(`${standIn.url}/_standin/deliveries/${trackingNumber}/state`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, ...(codCollected !== undefined && { codCollected }) }),
  });
  return { status: response.status, body: (await response.json()) as { sent: boolean; status?: number } };
}

/**
 * The checks a PDF reader makes before it draws anything: the header, a cross-reference table at
 * startxref whose every entry points at its object, a trailer naming the catalogue, the end marker.
 */
function expectReadablePdf(pdf: Buffer) {
  const s = pdf.toString('latin1');
  expect(s.startsWith('%PDF-1.')).toBe(true);
  expect(s.trimEnd().endsWith('%%EOF')).toBe(true);
  const xref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(s)?.[1]);
  expect(s.slice(xref, xref + 4)).toBe('xref');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(s.slice(xref))!;
  const entries = s.slice(xref).split('\n').slice(2, 2 + Number(count));
  entries.forEach((entry, i) => {
    expect(entry.length + 1).toBe(20);
    const number = Number(first) + i;
    if (entry.endsWith('n ')) expect(s.slice(Number(entry.slice(0, 10))).startsWith(`${number} 0 obj`)).toBe(true);
  });
  expect(s).toMatch(/trailer\s*<<[^>]*\/Root \d+ 0 R/);
}

async function courierError(promise: Promise<unknown>): Promise<CourierError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CourierError);
  return error as CourierError;
}

describe('a delivery through Bosta', () => {
  it('is created, read back, printed as a PDF and cancelled before pickup', async () => {
    const courier = bosta();
    const order = anOrder();
    const created = await courier.createDelivery(order);
    expect(created).toMatchObject({ state: 'created', stateCode: 10, codCollected: null });
    expect(created.trackingNumber).toMatch(/^\d{10}$/);

    const sent = standIn.deliveries.at(-1)!.body;
    expect(sent).toMatchObject({
      type: 10,
      cod: 250,
      businessReference: order.reference,
      uniqueBusinessReference: order.reference,
      allowToOpenPackage: true,
      specs: { packageDetails: { itemsCount: 2, description: order.description } },
      receiver: { firstName: 'أحمد', lastName: 'محمود علي', phone: '01012345678' },
      dropOffAddress: { city: 'Cairo', firstLine: order.address.details },
    });
    expect((sent.dropOffAddress as { districtId?: string }).districtId).toBeTruthy();

    expect(await courier.readDelivery(created.trackingNumber)).toEqual(created);

    const pdf = await courier.label([created.trackingNumber]);
    expectReadablePdf(pdf);
    expect(pdf.toString('latin1')).toContain(created.trackingNumber);

    await courier.cancel(created.trackingNumber);
    expect(await courier.readDelivery(created.trackingNumber)).toMatchObject({ state: 'cancelled', stateCode: 48 });
  });

  it('sends a district Bosta does not list by name, with the city of its governorate', async () => {
    const created = await bosta().createDelivery(anOrder({ address: { city: 'الإسكندرية', district: 'كرموز القديمة', details: '5 شارع الميناء الشرقي' } }));
    expect(created.state).toBe('created');
    const address = standIn.deliveries.at(-1)!.body.dropOffAddress as Record<string, unknown>;
    expect(address).toMatchObject({ city: 'Alexandria', districtName: 'كرموز القديمة' });
    expect(address.cityId).toBeTruthy();
    expect(address.districtId).toBeUndefined();
  });

  it('prints the airway bills of several deliveries in one PDF', async () => {
    const courier = bosta();
    const first = await courier.createDelivery(anOrder());
    const second = await courier.createDelivery(anOrder({ cod: 0 }));
    const pdf = (await courier.label([first.trackingNumber, second.trackingNumber])).toString('latin1');
    expect(pdf).toContain(first.trackingNumber);
    expect(pdf).toContain(second.trackingNumber);
  });

  it('reads the cash collected once the delivery is delivered', async () => {
    const courier = bosta();
    const created = await courier.createDelivery(anOrder({ cod: 480 }));
    await moveTo(created.trackingNumber, 45);
    expect(await courier.readDelivery(created.trackingNumber)).toMatchObject({ state: 'delivered', stateCode: 45, codCollected: 480 });
  });

  it("reads Bosta's cities once for many deliveries", async () => {
    const calls: string[] = [];
    const courier = bosta({
      fetch: (input, init) => {
        calls.push(String(input));
        return fetch(input, init);
      },
    });
    await courier.createDelivery(anOrder());
    await courier.createDelivery(anOrder({ address: { city: 'الجيزة', district: 'الدقي', details: '3 شارع التحرير، شقة 4' } }));
    expect(calls.filter((url) => url.includes('/api/v2/cities/getAllDistricts')).length).toBe(1);
    expect(calls.filter((url) => url.includes('/api/v2/deliveries?apiVersion=1')).length).toBe(2);
  });

  it("links the shopper to Bosta's tracking page", () => {
    expect(trackingUrlOf('bosta', '1234567890')).toBe('https://bosta.co/tracking-shipments?shipment-number=1234567890');
    expect(trackingUrlOf('bosta', '12 34')).toBe('https://bosta.co/tracking-shipments?shipment-number=12%2034');
    expect(trackingUrlOf('another-courier', '1234567890')).toBeNull();
  });
});

describe('what Bosta refuses', () => {
  it('refuses to cancel a delivery once it is picked up', async () => {
    const courier = bosta();
    const created = await courier.createDelivery(anOrder());
    await moveTo(created.trackingNumber, 21);
    const error = await courierError(courier.cancel(created.trackingNumber));
    expect(error.kind).toBe('refused');
    expect(error.detail).toContain('cannot be terminated');
    expect(await courier.readDelivery(created.trackingNumber)).toMatchObject({ state: 'in_transit', stateCode: 21 });
  });

  it("refuses a key it does not accept, with Bosta's message and never the key", async () => {
    const key = 'a-key-bosta-never-issued';
    const error = await courierError(bosta({ apiKey: key }).createDelivery(anOrder()));
    expect(error.kind).toBe('refused');
    expect(error.detail).toContain('HTTP 401');
    expect(error.detail).toContain('1028');
    expect(`${error.message} ${error.detail}`).not.toContain(key);
  });

  it("passes on Bosta's reason for refusing an address", async () => {
    const error = await courierError(bosta().createDelivery(anOrder({ address: { city: 'القاهرة', district: 'المعادي', details: 'شارع' } })));
    expect(error.kind).toBe('refused');
    expect(error.detail).toContain('firstLine');
  });

  it('refuses the same order sent twice', async () => {
    const courier = bosta();
    const order = anOrder();
    await courier.createDelivery(order);
    const error = await courierError(courier.createDelivery(order));
    expect(error.kind).toBe('refused');
    expect(standIn.deliveries.filter((d) => d.body.businessReference === order.reference)).toHaveLength(1);
  });
});

describe('what Bosta does not know', () => {
  it('answers not_found for an unknown tracking number', async () => {
    const courier = bosta();
    expect((await courierError(courier.readDelivery('9999999999'))).kind).toBe('not_found');
    expect((await courierError(courier.cancel('9999999999'))).kind).toBe('not_found');
    expect((await courierError(courier.label(['9999999999']))).kind).toBe('not_found');
  });
});

describe('Bosta away', () => {
  it('answers unreachable when Bosta answers 503', async () => {
    const courier = bosta();
    const created = await courier.createDelivery(anOrder());
    standIn.setDown(true);
    const error = await courierError(courier.readDelivery(created.trackingNumber));
    expect(error.kind).toBe('unreachable');
    expect(error.detail).toContain('HTTP 503');
  });

  it('answers unreachable when Bosta closes the connection', async () => {
    standIn.setDown('drop');
    expect((await courierError(bosta().readDelivery('1234567890'))).kind).toBe('unreachable');
  });

  it('gives the call up at the timeout it was given, answering unreachable, when Bosta never answers', async () => {
    standIn.setDown('hang');
    const timeouts = vi.spyOn(AbortSignal, 'timeout');
    const error = await courierError(bosta({ timeoutMs: 300 }).readDelivery('1234567890'));
    expect(error.kind).toBe('unreachable');
    // Ended by its own timeout, the one given rather than the default.
    expect(error.detail).toContain('TimeoutError');
    expect(timeouts).toHaveBeenCalledExactlyOnceWith(300);
  });

  it('answers unreachable when the answer never stops, having read no more than the limit', async () => {
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1_024 * 1_024;
        controller.enqueue(new Uint8Array(1_024 * 1_024).fill(0x20));
      },
    });
    const courier = bosta({ fetch: () => Promise.resolve(new Response(endless, { status: 200 })) });
    const error = await courierError(courier.readDelivery('1234567890'));
    expect(error.kind).toBe('unreachable');
    expect(error.detail).toContain('AnswerTooLarge');
    expect(sent).toBeLessThanOrEqual(BOSTA_ANSWER_MAX_BYTES + 2 * 1_024 * 1_024);
  });

  it('answers unreachable when the answer is not JSON', async () => {
    const courier = bosta({ fetch: () => Promise.resolve(new Response('<html>gateway</html>', { status: 200 })) });
    expect((await courierError(courier.readDelivery('1234567890'))).kind).toBe('unreachable');
  });
});

describe("the shop's governorates", () => {
  it('each reaches its own Bosta city', async () => {
    const cities = await readBostaCities({ apiKey: BOSTA_STANDIN_SETTINGS.apiKey, baseUrl: standIn.url });
    const found = GOVERNORATES.map((governorate) => bostaCityFor(governorate, cities));
    expect(found.map((city, i) => (city ? null : GOVERNORATES[i])).filter(Boolean)).toEqual([]);
    expect(new Set(found.map((city) => city!.cityId)).size).toBe(GOVERNORATES.length);
  });

  it('match whatever the spelling of hamza, ta marbuta, alif maqsura, spaces or "محافظة"', async () => {
    const cities = await readBostaCities({ apiKey: BOSTA_STANDIN_SETTINGS.apiKey, baseUrl: standIn.url });
    expect(bostaCityFor('الإسكندرية', cities)?.cityName).toBe('Alexandria');
    expect(bostaCityFor('محافظة القاهرة', cities)?.cityName).toBe('Cairo');
    expect(bostaCityFor('بورسعيد', cities)?.cityName).toBe('Port Said');
    expect(bostaCityFor('بني سويف', cities)?.cityName).toBe('Bani Suif');
    expect(bostaCityFor('أطلانطس', cities)).toBeNull();
  });
});

describe("Bosta's webhook", () => {
  it("posts Bosta's body with the shop's header, which the shop reads back as delivered with the cash", async () => {
    const created = await bosta().createDelivery(anOrder({ cod: 300 }));
    const before = receiver.received.length;
    const answer = await moveTo(created.trackingNumber, 45, 300);
    expect(answer).toMatchObject({ status: 200, body: { sent: true, status: 200 } });

    const posted = receiver.received.slice(before).at(-1)!;
    expect(bostaWebhookAuthorised(posted.headers['x-shop-bosta'], BOSTA_STANDIN_SETTINGS.webhookSecret)).toBe(true);
    expect(bostaWebhookAuthorised(posted.headers['x-shop-bosta'], 'another secret')).toBe(false);
    expect(bostaWebhookAuthorised(undefined, BOSTA_STANDIN_SETTINGS.webhookSecret)).toBe(false);
    const event = parseBostaWebhook(posted.body);
    expect(event).toMatchObject({ trackingNumber: created.trackingNumber, deliveryId: created.deliveryId, stateCode: 45, state: 'delivered', codCollected: 300, deliveryType: 'SEND' });
    expect(parseBostaWebhook(posted.body)!.eventKey).toBe(event!.eventKey);
  });

  it('tells a state reached again from the same event sent again', async () => {
    const created = await bosta().createDelivery(anOrder());
    const before = receiver.received.length;
    await moveTo(created.trackingNumber, 41);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await moveTo(created.trackingNumber, 41);
    const [first, second] = receiver.received.slice(before).map((r) => parseBostaWebhook(r.body)!);
    expect(first!.state).toBe('in_transit');
    expect(first!.codCollected).toBeNull();
    expect(first!.eventKey).not.toBe(second!.eventKey);
  });

  it("answers with the shop's own status", async () => {
    const created = await bosta().createDelivery(anOrder());
    receiver.state.status = 500;
    expect(await moveTo(created.trackingNumber, 24)).toMatchObject({ status: 500, body: { sent: true, status: 500 } });
  });

  it('reads a state sent as a numeric string and a cod sent as text', () => {
    const event = parseBostaWebhook({ _id: 'abc', trackingNumber: 1234567890, state: '45', type: 'SEND', cod: '199.50', timeStamp: '2025-03-01T10:00:00.000Z' });
    expect(event).toMatchObject({ trackingNumber: '1234567890', stateCode: 45, state: 'delivered', codCollected: 199.5 });
  });

  it('is not read from a body that is not a Bosta delivery event', () => {
    for (const body of [null, 'text', [], {}, { trackingNumber: '1234567890' }, { trackingNumber: '1234567890', state: 'Delivered' }, { state: 45 }]) {
      expect(parseBostaWebhook(body)).toBeNull();
    }
  });
});

/**
 * Each documented code and the shop's state for it, written here apart from BOSTA_STATES so that a
 * change to the mapping has to change this table too.
 */
const EXPECTED: [number, string, ShipmentState][] = [
  [10, 'pickup requested', 'created'],
  [11, 'waiting for route', 'created'],
  [20, 'route assigned', 'created'],
  [21, 'picked up from business', 'in_transit'],
  [22, 'picking up from consignee', 'in_transit'],
  [23, 'picked up from consignee', 'in_transit'],
  [24, 'received at warehouse', 'in_transit'],
  [25, 'fulfilled', 'in_transit'],
  [26, 'ready to transfer', 'in_transit'],
  [30, 'in transit between hubs', 'in_transit'],
  [40, 'picking up', 'in_transit'],
  [41, 'out for delivery', 'in_transit'],
  [45, 'delivered', 'delivered'],
  [46, 'returned to business', 'returned'],
  [47, 'exception', 'exception'],
  [48, 'terminated', 'cancelled'],
  [49, 'canceled (where the parcel is unknown)', 'exception'],
  [60, 'returned to stock', 'exception'],
  [100, 'lost', 'exception'],
  [101, 'damaged', 'exception'],
  [102, 'investigation', 'exception'],
  [103, 'awaiting your action', 'exception'],
  [104, 'archived', 'exception'],
  [105, 'on hold', 'exception'],
];

describe('Bosta state codes', () => {
  it.each(EXPECTED)('%i (%s) is %s', (code, _name, state) => {
    expect(shipmentStateForBostaCode(code)).toBe(state);
    expect(parseBostaWebhook({ trackingNumber: '1234567890', state: code })?.state).toBe(state);
  });

  it.each([0, 12, 42, 50, 61, 106, 999])('unknown code %i is exception, never a final state', (code) => {
    expect(shipmentStateForBostaCode(code)).toBe('exception');
  });

  it('has a line above for every code it maps', () => {
    expect(Object.keys(BOSTA_STATES).map(Number).sort((a, b) => a - b)).toEqual(EXPECTED.map(([code]) => code));
  });
});
