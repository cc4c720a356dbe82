/**
 * A Bosta stand-in: a small HTTP server that speaks the part of Bosta's business API the shop
 * uses, at the same paths and in the same shapes, so core/couriers/bosta.ts runs unchanged
 * against it in tests and locally (docs/decisions/022-couriers-bosta.md says where each shape
 * comes from).
 *
 * - Every /api/v2/deliveries call checks the raw `Authorization` key: 401 {success: false,
 *   message, errorCode: 1028} otherwise, as Bosta answers a key it does not accept.
 * - GET /api/v2/cities/getAllDistricts?countryId=… (public, as Bosta's is): the 27 governorates
 *   and the North Coast, each with a few districts, Arabic names spelt the way Bosta's often are.
 * - POST /api/v2/deliveries?apiVersion=1 takes the types Bosta documents for the shop's use:
 *   Deliver (10), CRP, a customer return pickup (25), and Exchange (30). It checks what Bosta
 *   documents for them: the address each requires (dropOffAddress for Deliver and Exchange,
 *   pickupAddress, the customer's, for CRP) with a listed city, a listed districtId or
 *   districtName with the city's id, firstLine over 5 characters; receiver firstName and phone,
 *   cod, a unique uniqueBusinessReference; and answers with _id, trackingNumber and state
 *   {code: 10}. Every delivery made is kept, its body as sent, for tests to read.
 * - GET /api/v2/deliveries/business/{trackingNumber}; DELETE …/{trackingNumber}/terminate, refused
 *   once the parcel is picked up; GET /api/v2/deliveries/mass-awb?trackingNumbers=… (or ids=…)
 *   answering a real one-page PDF, base64, in `data`.
 * - POST /_standin/deliveries/{trackingNumber}/state {"code": 45, "codCollected"?: 300} moves a
 *   delivery and posts Bosta's webhook body to the webhook URL with the chosen header, answering
 *   with the status the shop answered (502 when it did not answer). GET /_standin/health, and
 *   POST /_standin/down {"down": true | "drop" | "hang" | false}.
 * - Bosta away: setDown(true) answers 503, "drop" closes connections unanswered, "hang" never
 *   answers; `delayMs` (BOSTA_STANDIN_DELAY_MS when run alone) slows every API answer.
 *
 * Run alone: `tsx scripts/bosta-standin.ts` (BOSTA_API_KEY, BOSTA_STANDIN_PORT, BOSTA_WEBHOOK_URL,
 * BOSTA_WEBHOOK_HEADER, BOSTA_WEBHOOK_SECRET). It keeps everything in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { listen, readBody, runUntilStopped, sendJson } from './standin-http.ts';
import { BOSTA_STATES, shipmentStateForBostaCode } from '../core/couriers/bosta-states.ts';
import { BOSTA_EGYPT_COUNTRY_ID } from '../core/couriers/bosta.ts';
import { isRecord } from '../core/shared/outside-json.ts';

export interface BostaStandInOptions {
  port?: number;
  host?: string;
  apiKey: string;
  /** Where state changes are posted, unless a delivery named its own webhookUrl. */
  webhookUrl?: string;
  /** The header the shop chose in Bosta's dashboard; Authorization when absent. */
  webhookHeader?: string;
  webhookSecret?: string;
  /** Milliseconds every API answer waits (a slow Bosta). */
  delayMs?: number;
}

/** How the stand-in is away: 503 answers, connections closed unanswered, or no answer at all. */
export type BostaDown = boolean | 'drop' | 'hang';

export interface BostaStandInDelivery {
  _id: string;
  trackingNumber: string;
  stateCode: number;
  /** The create body as the shop sent it. */
  body: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export interface BostaStandInWebhook {
  url: string;
  /** What the shop answered; 0 when it did not. */
  status: number;
  payload: Record<string, unknown>;
}

export interface BostaStandIn {
  url: string;
  server: Server;
  /** Deliveries made so far, newest last. */
  deliveries: BostaStandInDelivery[];
  /** Every webhook the stand-in sent. */
  webhooks: BostaStandInWebhook[];
  setDown(down: BostaDown): void;
  close(): Promise<void>;
}

interface StandInDistrict {
  en: string;
  ar: string;
}

interface StandInCity {
  code: string;
  en: string;
  /** Spelt as Bosta's lists often spell them: hamza left out, ه for ة, ى for ي, spaces. */
  ar: string;
  districts: StandInDistrict[];
}

const CITIES: StandInCity[] = [
  { code: 'EG-01', en: 'Cairo', ar: 'القاهرة', districts: [{ en: 'Nasr City', ar: 'مدينة نصر' }, { en: 'Maadi', ar: 'المعادي' }, { en: 'Heliopolis', ar: 'مصر الجديدة' }] },
  { code: 'EG-25', en: 'Giza', ar: 'الجيزة', districts: [{ en: 'Dokki', ar: 'الدقي' }, { en: 'Mohandessin', ar: 'المهندسين' }, { en: '6th of October', ar: 'السادس من أكتوبر' }] },
  { code: 'EG-02', en: 'Alexandria', ar: 'الاسكندرية', districts: [{ en: 'Smouha', ar: 'سموحة' }, { en: 'Sidi Gaber', ar: 'سيدي جابر' }, { en: 'Montaza', ar: 'المنتزه' }] },
  { code: 'EG-06', en: 'El Kalioubia', ar: 'القليوبيه', districts: [{ en: 'Banha', ar: 'بنها' }, { en: 'Shubra El Kheima', ar: 'شبرا الخيمة' }] },
  { code: 'EG-10', en: 'Sharqia', ar: 'الشرقية', districts: [{ en: 'Zagazig', ar: 'الزقازيق' }, { en: '10th of Ramadan', ar: 'العاشر من رمضان' }] },
  { code: 'EG-05', en: 'Dakahlia', ar: 'الدقهلية', districts: [{ en: 'Mansoura', ar: 'المنصورة' }, { en: 'Mit Ghamr', ar: 'ميت غمر' }] },
  { code: 'EG-07', en: 'Gharbia', ar: 'الغربية', districts: [{ en: 'Tanta', ar: 'طنطا' }, { en: 'El Mahalla El Kubra', ar: 'المحلة الكبرى' }] },
  { code: 'EG-09', en: 'Monufia', ar: 'المنوفية', districts: [{ en: 'Shebin El Kom', ar: 'شبين الكوم' }] },
  { code: 'EG-04', en: 'Behira', ar: 'البحيرة', districts: [{ en: 'Damanhour', ar: 'دمنهور' }] },
  { code: 'EG-08', en: 'Kafr Alsheikh', ar: 'كفر الشيخ', districts: [{ en: 'Kafr El Sheikh City', ar: 'مدينة كفر الشيخ' }] },
  { code: 'EG-14', en: 'Damietta', ar: 'دمياط', districts: [{ en: 'New Damietta', ar: 'دمياط الجديدة' }] },
  { code: 'EG-13', en: 'Port Said', ar: 'بور سعيد', districts: [{ en: 'El Sharq', ar: 'حي الشرق' }, { en: 'Port Fouad', ar: 'بورفؤاد' }] },
  { code: 'EG-11', en: 'Ismailia', ar: 'الاسماعيلية', districts: [{ en: 'Fayed', ar: 'فايد' }, { en: 'El Tal El Kebir', ar: 'التل الكبير' }] },
  { code: 'EG-12', en: 'Suez', ar: 'السويس', districts: [{ en: 'El Arbaeen', ar: 'الأربعين' }] },
  { code: 'EG-27', en: 'North Sinai', ar: 'شمال سيناء', districts: [{ en: 'El Arish', ar: 'العريش' }] },
  { code: 'EG-26', en: 'South Sinai', ar: 'جنوب سيناء', districts: [{ en: 'Sharm El Sheikh', ar: 'شرم الشيخ' }, { en: 'Dahab', ar: 'دهب' }] },
  { code: 'EG-15', en: 'Fayoum', ar: 'الفيوم', districts: [{ en: 'Fayoum City', ar: 'مدينة الفيوم' }] },
  { code: 'EG-16', en: 'Bani Suif', ar: 'بنى سويف', districts: [{ en: 'Beni Suef City', ar: 'مدينة بني سويف' }] },
  { code: 'EG-19', en: 'Menya', ar: 'المنيا', districts: [{ en: 'Mallawi', ar: 'ملوي' }, { en: 'Minya City', ar: 'مدينة المنيا' }] },
  { code: 'EG-17', en: 'Assuit', ar: 'اسيوط', districts: [{ en: 'Assiut City', ar: 'مدينة أسيوط' }] },
  { code: 'EG-18', en: 'Sohag', ar: 'سوهاج', districts: [{ en: 'Sohag City', ar: 'مدينة سوهاج' }] },
  { code: 'EG-20', en: 'Qena', ar: 'قنا', districts: [{ en: 'Nag Hammadi', ar: 'نجع حمادي' }] },
  { code: 'EG-22', en: 'Luxor', ar: 'الاقصر', districts: [{ en: 'Luxor City', ar: 'مدينة الأقصر' }] },
  { code: 'EG-21', en: 'Aswan', ar: 'اسوان', districts: [{ en: 'Aswan City', ar: 'مدينة أسوان' }] },
  { code: 'EG-23', en: 'Red Sea', ar: 'البحر الاحمر', districts: [{ en: 'Hurghada', ar: 'الغردقة' }] },
  { code: 'EG-24', en: 'New Valley', ar: 'الوادى الجديد', districts: [{ en: 'El Kharga', ar: 'الخارجة' }] },
  { code: 'EG-28', en: 'Matrouh', ar: 'مطروح', districts: [{ en: 'Marsa Matrouh', ar: 'مرسى مطروح' }] },
  { code: 'EG-03', en: 'North Coast', ar: 'الساحل الشمالي', districts: [{ en: 'El Alamein', ar: 'العلمين' }] },
];

/** A short id in the style of Bosta's, the same on every start so tests and bookmarks keep working. */
function stableId(seed: string): string {
  return createHash('sha256').update(seed).digest('base64url').slice(0, 11);
}

/** The cities in the shape of GET /api/v2/cities/getAllDistricts. */
export function standInCities() {
  return CITIES.map((city) => ({
    cityId: stableId(`city:${city.code}`),
    cityName: city.en,
    cityOtherName: city.ar,
    cityCode: city.code,
    pickupAvailability: true,
    dropOffAvailability: true,
    districts: city.districts.map((district) => {
      const zoneId = stableId(`zone:${city.code}:${district.en}`);
      return {
        zoneId,
        zoneName: district.en,
        zoneOtherName: district.ar,
        districtId: stableId(`district:${city.code}:${district.en}`),
        districtName: district.en,
        districtOtherName: district.ar,
        pickupAvailability: true,
        dropOffAvailability: true,
        coverage: 'BOSTA',
      };
    }),
  }));
}

/** Escapes a string for a PDF literal; the stand-in prints ASCII only. */
function pdfText(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}

/** A valid one-page PDF (A4, Helvetica) printing these lines: the airway bill of the stand-in. */
export function airwayBillPdf(lines: string[]): Buffer {
  const text = lines.map((line, i) => `${i === 0 ? '' : '0 -22 Td '}(${pdfText(line)}) Tj`).join('\n');
  const content = `BT\n/F1 14 Tf\n56 780 Td\n${text}\nET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    // The end of line before endstream is not part of the stream's length.
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}


/** Bosta's refusal envelope. */
function refuse(response: ServerResponse, status: number, message: string, errorCode?: number) {
  sendJson(response, status, { success: false, message, ...(errorCode !== undefined && { errorCode }) });
}

const EGYPTIAN_MOBILE = /^(\+?20|0)?1[0125]\d{8}$/;

/** Bosta's name of a state, for `state.value`. */
function stateValue(code: number): string {
  return BOSTA_STATES[code]?.name ?? 'Unknown';
}

/**
 * The delivery types the stand-in makes, by code ("Create Your First Delivery"): the name its
 * webhook sends as `type` ("Get Shipment Status via Webhook") and the address the type requires.
 */
const DELIVERY_TYPES: Record<number, { webhookType: string; value: string; address: 'dropOffAddress' | 'pickupAddress' }> = {
  10: { webhookType: 'SEND', value: 'Deliver', address: 'dropOffAddress' },
  25: { webhookType: 'CUSTOMER_RETURN_PICKUP', value: 'Customer Return Pickup', address: 'pickupAddress' },
  30: { webhookType: 'EXCHANGE', value: 'Exchange', address: 'dropOffAddress' },
};

const typeOf = (delivery: BostaStandInDelivery) => DELIVERY_TYPES[delivery.body.type as number] ?? DELIVERY_TYPES[10]!;

export async function startBostaStandIn(options: BostaStandInOptions): Promise<BostaStandIn> {
  const cities = standInCities();
  const deliveries: BostaStandInDelivery[] = [];
  const byTracking = new Map<string, BostaStandInDelivery>();
  const byId = new Map<string, BostaStandInDelivery>();
  const references = new Set<string>();
  const webhooks: BostaStandInWebhook[] = [];
  let down: BostaDown = false;

  function newTrackingNumber(): string {
    for (;;) {
      const candidate = `${1 + Math.floor(Math.random() * 9)}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
      if (!byTracking.has(candidate)) return candidate;
    }
  }

  function deliveryView(delivery: BostaStandInDelivery) {
    const body = delivery.body;
    return {
      _id: delivery._id,
      trackingNumber: delivery.trackingNumber,
      state: { code: delivery.stateCode, value: stateValue(delivery.stateCode) },
      type: { code: body.type, value: typeOf(delivery).value },
      cod: typeof body.cod === 'number' ? body.cod : 0,
      businessReference: body.businessReference ?? null,
      receiver: body.receiver,
      ...(body.dropOffAddress !== undefined && { dropOffAddress: body.dropOffAddress }),
      ...(body.pickupAddress !== undefined && { pickupAddress: body.pickupAddress }),
      specs: body.specs ?? null,
      ...(body.returnSpecs !== undefined && { returnSpecs: body.returnSpecs }),
      notes: body.notes ?? null,
      createdAt: delivery.createdAt,
      updatedAt: delivery.updatedAt,
    };
  }

  async function answerLater(): Promise<void> {
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  }

  /** The JSON body of an API call made with the right key; undefined once it answered the refusal. */
  async function authorised(request: IncomingMessage, response: ServerResponse, withBody: boolean): Promise<Record<string, unknown> | undefined> {
    const text = withBody ? await readBody(request) : '';
    if (request.headers.authorization !== options.apiKey) {
      refuse(response, 401, 'Invalid authorization token or API key.', 1028);
      return undefined;
    }
    if (!withBody) return {};
    try {
      const json: unknown = JSON.parse(text);
      if (isRecord(json)) return json;
    } catch {
      // answered below
    }
    refuse(response, 400, 'Request body must be a JSON object.');
    return undefined;
  }

  /** Why Bosta would refuse this address, named `field`, or null ("Format Bosta Address"). */
  function addressRefusal(field: string, address: unknown): string | null {
    if (!isRecord(address)) return `${field} is required.`;
    const city = cities.find((c) => typeof address.city === 'string' && c.cityName.toLowerCase() === address.city.trim().toLowerCase());
    if (!city) return 'City not found.';
    if (address.districtId !== undefined) {
      if (!city.districts.some((d) => d.districtId === address.districtId)) return 'District Not Found.';
    } else if (typeof address.districtName !== 'string' || address.districtName.trim() === '' || address.cityId !== city.cityId) {
      return 'districtId is required unless districtName and cityId are provided.';
    }
    if (typeof address.firstLine !== 'string' || address.firstLine.trim().length <= 5) return `${field}.firstLine must be more than 5 characters.`;
    return null;
  }

  /** Why Bosta would refuse this order, or null. */
  function createRefusal(body: Record<string, unknown>): string | null {
    const type = typeof body.type === 'number' ? DELIVERY_TYPES[body.type] : undefined;
    if (!type) return 'type must be 10 (Deliver), 25 (CRP) or 30 (Exchange); the stand-in makes those only.';
    const where = addressRefusal(type.address, body[type.address]);
    if (where) return where;
    const receiver = body.receiver;
    if (!isRecord(receiver) || typeof receiver.firstName !== 'string' || receiver.firstName.trim() === '') return 'receiver.firstName is required.';
    if (typeof receiver.phone !== 'string' || !EGYPTIAN_MOBILE.test(receiver.phone.replace(/\s+/g, ''))) return 'receiver.phone must be a valid phone number.';
    if (body.cod !== undefined && (typeof body.cod !== 'number' || !Number.isFinite(body.cod) || body.cod < 0)) return 'cod must be a number of at least 0.';
    for (const specs of ['specs', 'returnSpecs'] as const) {
      const spec = body[specs];
      const details = isRecord(spec) ? spec.packageDetails : undefined;
      if (details !== undefined && (!isRecord(details) || (details.itemsCount !== undefined && (!Number.isInteger(details.itemsCount) || (details.itemsCount as number) < 1)))) {
        return `${specs}.packageDetails.itemsCount must be a whole number of at least 1.`;
      }
    }
    if (typeof body.uniqueBusinessReference === 'string' && references.has(body.uniqueBusinessReference)) return 'uniqueBusinessReference already exists.';
    return null;
  }

  async function createDelivery(request: IncomingMessage, response: ServerResponse) {
    const body = await authorised(request, response, true);
    if (!body) return;
    await answerLater();
    const refusal = createRefusal(body);
    if (refusal) return refuse(response, 400, refusal);
    const now = new Date().toISOString();
    const delivery: BostaStandInDelivery = { _id: randomBytes(8).toString('base64url'), trackingNumber: newTrackingNumber(), stateCode: 10, body, createdAt: now, updatedAt: now };
    deliveries.push(delivery);
    byTracking.set(delivery.trackingNumber, delivery);
    byId.set(delivery._id, delivery);
    if (typeof body.uniqueBusinessReference === 'string') references.add(body.uniqueBusinessReference);
    sendJson(response, 201, {
      success: true,
      message: 'Delivery created successfully',
      data: { _id: delivery._id, trackingNumber: delivery.trackingNumber, state: { code: 10, value: stateValue(10) }, message: 'Delivery created successfully' },
    });
  }

  async function readDelivery(request: IncomingMessage, response: ServerResponse, trackingNumber: string) {
    if (!(await authorised(request, response, false))) return;
    await answerLater();
    const delivery = byTracking.get(trackingNumber);
    if (!delivery) return refuse(response, 404, 'Delivery not found.');
    sendJson(response, 200, { success: true, message: 'Delivery found', data: deliveryView(delivery) });
  }

  async function terminate(request: IncomingMessage, response: ServerResponse, trackingNumber: string) {
    if (!(await authorised(request, response, false))) return;
    await answerLater();
    const delivery = byTracking.get(trackingNumber);
    if (!delivery) return refuse(response, 404, 'Delivery not found.');
    if (shipmentStateForBostaCode(delivery.stateCode) !== 'created') return refuse(response, 400, `Delivery cannot be terminated in its current state (${stateValue(delivery.stateCode)}).`);
    sendJson(response, 200, { success: true, message: 'Delivery terminated successfully' });
    // Terminating is a change of state, and Bosta posts every change.
    void moveTo(delivery, 48);
  }

  async function airwayBill(request: IncomingMessage, response: ServerResponse, url: URL) {
    if (!(await authorised(request, response, false))) return;
    await answerLater();
    const split = (name: string) => (url.searchParams.get(name) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const tracking = split('trackingNumbers');
    const ids = split('ids');
    if (tracking.length === 0 && ids.length === 0) return refuse(response, 400, 'trackingNumbers or ids is required.');
    const found = [...tracking.map((t) => byTracking.get(t)), ...ids.map((id) => byId.get(id))];
    if (found.some((d) => !d)) return refuse(response, 404, 'Delivery not found.');
    const lines = ['Bosta stand-in airway bill', ...found.map((d) => `Tracking number ${d!.trackingNumber}  COD ${typeof d!.body.cod === 'number' ? d!.body.cod : 0} EGP`)];
    sendJson(response, 200, { success: true, message: 'AWB generated successfully', data: airwayBillPdf(lines).toString('base64') });
  }

  /** Moves a delivery and posts Bosta's webhook body: what the shop answered, or 0, or null when nothing was sent. */
  async function moveTo(delivery: BostaStandInDelivery, code: number, codCollected?: number): Promise<{ status: number | null; payload: Record<string, unknown> }> {
    delivery.stateCode = code;
    delivery.updatedAt = new Date().toISOString();
    const cod = codCollected ?? (typeof delivery.body.cod === 'number' ? delivery.body.cod : 0);
    const payload: Record<string, unknown> = {
      _id: delivery._id,
      trackingNumber: delivery.trackingNumber,
      state: code,
      type: typeOf(delivery).webhookType,
      ...(code === 45 && { cod }),
      timeStamp: Date.now(),
      isConfirmedDelivery: false,
      businessReference: delivery.body.businessReference ?? null,
    };
    const own = typeof delivery.body.webhookUrl === 'string' ? delivery.body.webhookUrl : undefined;
    const url = own ?? options.webhookUrl;
    if (!url) return { status: null, payload };
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (own && isRecord(delivery.body.webhookCustomHeaders)) {
      for (const [name, value] of Object.entries(delivery.body.webhookCustomHeaders)) if (typeof value === 'string') headers[name] = value;
    } else if (options.webhookSecret) {
      headers[options.webhookHeader ?? 'Authorization'] = options.webhookSecret;
    }
    let status = 0;
    try {
      const answer = await fetch(url, { method: 'POST', headers, body: JSON.stringify(payload), signal: AbortSignal.timeout(10_000) });
      status = answer.status;
      await answer.arrayBuffer();
    } catch {
      status = 0;
    }
    webhooks.push({ url, status, payload });
    return { status, payload };
  }

  async function controlState(request: IncomingMessage, response: ServerResponse, trackingNumber: string) {
    let body: unknown;
    try {
      body = JSON.parse((await readBody(request)) || '{}');
    } catch {
      body = undefined;
    }
    const delivery = byTracking.get(trackingNumber);
    if (!delivery) return sendJson(response, 404, { error: 'no such delivery' });
    if (!isRecord(body) || !Number.isInteger(body.code)) return sendJson(response, 400, { error: 'body must be {"code": <Bosta state code>, "codCollected"?: <pounds>}' });
    const codCollected = typeof body.codCollected === 'number' ? body.codCollected : undefined;
    const { status, payload } = await moveTo(delivery, body.code as number, codCollected);
    if (status === null) return sendJson(response, 200, { sent: false, payload });
    sendJson(response, status === 0 ? 502 : status, { sent: true, status, payload });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const route = `${request.method} ${url.pathname}`;
    const done = (error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { success: false, message: error instanceof Error ? error.message : 'error' });
    };

    if (route === 'GET /_standin/health') return sendJson(response, 200, { ok: true, down });
    if (route === 'POST /_standin/down') {
      return void readBody(request).then((text) => {
        const value = (JSON.parse(text || '{}') as { down?: unknown }).down;
        down = value === 'drop' || value === 'hang' ? value : Boolean(value);
        sendJson(response, 200, { down });
      }, done);
    }
    const control = /^\/_standin\/deliveries\/([^/]+)\/state$/.exec(url.pathname);
    if (request.method === 'POST' && control) return void controlState(request, response, decodeURIComponent(control[1]!)).catch(done);

    if (down === 'hang') return;
    if (down === 'drop') return void request.socket.destroy();
    if (down) return refuse(response, 503, 'Service Unavailable');

    if (route === 'GET /api/v2/cities/getAllDistricts') {
      return void answerLater().then(() => sendJson(response, 200, { success: true, message: 'Districts found', data: url.searchParams.get('countryId') === BOSTA_EGYPT_COUNTRY_ID ? cities : [] }), done);
    }
    if (route === 'POST /api/v2/deliveries') return void createDelivery(request, response).catch(done);
    if (route === 'GET /api/v2/deliveries/mass-awb') return void airwayBill(request, response, url).catch(done);
    const terminateRoute = /^\/api\/v2\/deliveries\/business\/([^/]+)\/terminate$/.exec(url.pathname);
    if (request.method === 'DELETE' && terminateRoute) return void terminate(request, response, decodeURIComponent(terminateRoute[1]!)).catch(done);
    const readRoute = /^\/api\/v2\/deliveries\/business\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && readRoute) return void readDelivery(request, response, decodeURIComponent(readRoute[1]!)).catch(done);
    refuse(response, 404, 'Not found.');
  });
  const listening = await listen(server, options);
  return {
    url: listening.url,
    server,
    deliveries,
    webhooks,
    setDown(value) {
      down = value;
    },
    close: listening.close,
  };
}

/** The stand-in's own key and webhook secret, for a local shop or the tests. */
export const BOSTA_STANDIN_SETTINGS = {
  apiKey: 'bosta_standin_api_key_for_local_use_only',
  webhookHeader: 'Authorization',
  webhookSecret: 'bosta_standin_webhook_secret_for_local_use_only',
} as const;

/** The BOSTA_* settings that send the shop's deliveries to a stand-in at `url`. */
export function bostaStandInEnv(url: string, settings: { apiKey: string; webhookHeader: string; webhookSecret: string } = BOSTA_STANDIN_SETTINGS): Record<string, string> {
  return {
    BOSTA_API_KEY: settings.apiKey,
    BOSTA_BASE_URL: url,
    BOSTA_WEBHOOK_HEADER: settings.webhookHeader,
    BOSTA_WEBHOOK_SECRET: settings.webhookSecret,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const standIn = await startBostaStandIn({
    port: Number(process.env.BOSTA_STANDIN_PORT ?? 3098),
    host: process.env.BOSTA_STANDIN_HOST ?? '127.0.0.1',
    apiKey: process.env.BOSTA_API_KEY || BOSTA_STANDIN_SETTINGS.apiKey,
    webhookUrl: process.env.BOSTA_WEBHOOK_URL || undefined,
    webhookHeader: process.env.BOSTA_WEBHOOK_HEADER || BOSTA_STANDIN_SETTINGS.webhookHeader,
    webhookSecret: process.env.BOSTA_WEBHOOK_SECRET || BOSTA_STANDIN_SETTINGS.webhookSecret,
    delayMs: Number(process.env.BOSTA_STANDIN_DELAY_MS ?? 0),
  });
  runUntilStopped('Bosta', standIn);
}
