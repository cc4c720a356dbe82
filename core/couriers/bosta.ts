/**
 * Bosta's business API as the shop uses it (docs/decisions/022-couriers-bosta.md): its cities and
 * districts, creating a delivery, its airway bill, reading it, terminating it before pickup, and
 * the state webhook Bosta posts. Nothing here touches the database. The API key is a secret: no
 * error, log line or page built from this module ever includes it.
 *
 * Where each fact comes from:
 *  - docs.bosta.co "Get Your API Key": the key goes as it is in `Authorization` (no "Bearer");
 *    GET needs a Read key, POST a Read/Write key, DELETE a Full Access key.
 *  - docs.bosta.co "Create Your First Delivery": POST {base}/api/v2/deliveries?apiVersion=1,
 *    type 10 "Deliver", `specs.packageDetails` {description, itemsCount}, `dropOffAddress`
 *    required for Deliver, `businessLocationId` (the shop's pickup location; the default one
 *    when absent); production base https://app.bosta.co.
 *  - docs.bosta.co "Format Bosta Address": Egypt's country id, GET
 *    /api/v2/cities/getAllDistricts?countryId=… (every city's districts, each with zoneId,
 *    zoneName, zoneOtherName, districtId, districtName, districtOtherName, dropOffAvailability),
 *    and the address: `city` (a name from the cities list), `districtId` (or districtName with
 *    cityId), optional `zoneId`, `firstLine` (more than 5 characters).
 *  - docs.bosta.co "Get Shipment Status via Webhook": the webhook body (_id, trackingNumber,
 *    state, type, cod "only in Delivered state", timeStamp, …); the header name and value are
 *    the merchant's choice.
 *  - Bosta's WooCommerce plugin (public): the answers' envelope {success, message, data}, the
 *    city fields of getAllDistricts (cityId, cityName, cityOtherName (Arabic), cityCode,
 *    districts), GET /api/v2/deliveries/business/{trackingNumber}, GET
 *    /api/v2/deliveries/mass-awb answering the PDF in base64 in `data`.
 *  - bostaapp SDKs (java, nodejs, python, ruby): a delivery's `_id`, `trackingNumber`, `state`
 *    {code, value}, `cod`; the create fields `receiver` {firstName, lastName, phone}, `cod`,
 *    `businessReference`, `notes`.
 *  - docs.bosta.co "Create Your First Delivery", for returns (docs/decisions/027-returns.md
 *    "Pickups with Bosta"): type 25 "CRP (Customer Return Pickup)" and type 30 "Exchange";
 *    `pickupAddress` (the customer's) required for CRP, `dropOffAddress` required for Exchange,
 *    `businessLocationId` where a CRP is brought back (the default location when absent).
 *  - Public integrations, not Bosta's pages: DELETE
 *    /api/v2/deliveries/business/{trackingNumber}/terminate, `trackingNumbers` as the airway
 *    bill's query (Bosta's plugin sends delivery `ids` there instead), `allowToOpenPackage` and
 *    `uniqueBusinessReference` on create, and `returnSpecs.packageDetails` for what a CRP or an
 *    exchange collects (Bosta's answers for those types carry it).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { normalizeArabic } from '../../contracts/normalize-arabic.ts';
import { shipmentStateForBostaCode } from './bosta-states.ts';
import { CourierError, type Courier, type CourierDelivery, type NewDelivery, type NewReturnDelivery, type ParcelContents, type ShipmentState } from './courier.ts';
import { isRecord, readAnswer, text, type Json } from '../shared/outside-json.ts';

/** Bosta's production API. Its staging API is https://stg-app.bosta.co (bostaapp/bosta-php README). */
export const BOSTA_PRODUCTION_URL = 'https://app.bosta.co';

/** Egypt, the one country Bosta serves ("Format Bosta Address"). */
export const BOSTA_EGYPT_COUNTRY_ID = '60e4482c7cb7d4bc4849c4d5';

/** The longest the shop waits for one answer from Bosta. */
export const BOSTA_CALL_TIMEOUT_MS = 10_000;
/** The longest answer read from Bosta: the airway bills of many orders, a PDF in base64, fit well within it. */
export const BOSTA_ANSWER_MAX_BYTES = 32 * 1024 * 1024;

/** Bosta's order type "Deliver": the shopper buys, Bosta delivers ("Create Your First Delivery"). */
export const BOSTA_TYPE_DELIVER = 10;
/** Bosta's order type "CRP (Customer Return Pickup)": "used when your customer asks to return an order". */
export const BOSTA_TYPE_RETURN_PICKUP = 25;
/** Bosta's order type "Exchange": Bosta takes the new order from the shop, delivers it, and brings the exchanged package back. */
export const BOSTA_TYPE_EXCHANGE = 30;

/**
 * Bosta's public tracking page; {trackingNumber} is replaced. Not in Bosta's documentation we
 * could read (public integrations link bosta.co/tracking-shipments with differing query names),
 * so it is a setting.
 */
export const BOSTA_TRACKING_PAGE = 'https://bosta.co/tracking-shipments?shipment-number={trackingNumber}';

export interface BostaSettings {
  /** Sent as it is in `Authorization`. */
  apiKey: string;
  /** BOSTA_PRODUCTION_URL, or a stand-in's in tests. */
  baseUrl: string;
  /** Bosta's `businessLocationId` of the shop's pickup location; Bosta's default location when absent. */
  pickupAddressId?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Bosta's cities as readBostaCities read them before; read once on the first delivery when absent. */
  cities?: readonly BostaCity[];
}

export interface BostaDistrict {
  districtId: string;
  districtName: string;
  /** Arabic. */
  districtOtherName: string;
  zoneId: string;
  zoneName: string;
  zoneOtherName: string;
  dropOffAvailability: boolean;
}

export interface BostaCity {
  cityId: string;
  /** The name `dropOffAddress.city` takes. */
  cityName: string;
  /** Arabic. */
  cityOtherName: string;
  cityCode: string | null;
  dropOffAvailability: boolean;
  districts: BostaDistrict[];
}


/** A number Bosta may send as a number or a numeric string ("150", "150.00"). */
function amount(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

function stateCodeOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value);
  return null;
}

function failureName(error: unknown): string {
  if (!(error instanceof Error)) return 'error';
  const cause = (error as { cause?: unknown }).cause;
  const code = isRecord(cause) && typeof cause.code === 'string' ? ` ${cause.code}` : '';
  return `${error.name}${code}`;
}

interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  step: string;
  /** A 404 means the tracking number is unknown (not_found) rather than a refusal. */
  trackingNumber?: boolean;
}

/** One call to Bosta: its JSON answer, or a CourierError saying which kind of failure it was. */
async function callBosta(settings: BostaSettings, call: Call): Promise<Json> {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}${call.path}`;
  let status: number;
  let raw: string;
  try {
    const response = await (settings.fetch ?? fetch)(url, {
      method: call.method,
      headers: {
        Authorization: settings.apiKey,
        Accept: 'application/json',
        ...(call.body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(call.body !== undefined && { body: JSON.stringify(call.body) }),
      signal: AbortSignal.timeout(settings.timeoutMs ?? BOSTA_CALL_TIMEOUT_MS),
      redirect: 'error',
    });
    status = response.status;
    // Read under the same timeout, and to a limit: a body that never ends, or never stops, is no answer either.
    raw = await readAnswer(response, BOSTA_ANSWER_MAX_BYTES);
  } catch (error) {
    throw new CourierError(`${call.step}: Bosta did not answer`, 'unreachable', failureName(error));
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  const body = isRecord(json) ? json : undefined;
  const said = body ? text(body.message).slice(0, 300) : raw.slice(0, 120);
  const code = body && body.errorCode !== undefined ? ` (errorCode ${text(body.errorCode)})` : '';
  const detail = `HTTP ${status}${said ? `: ${said}` : ''}${code}`;
  // 408 and 429 are Bosta busy, not Bosta refusing: the same call may go through later.
  if (status >= 500 || status === 408 || status === 429) throw new CourierError(`${call.step}: Bosta is unavailable`, 'unreachable', detail);
  if (status === 404 && call.trackingNumber) throw new CourierError(`${call.step}: Bosta does not know this tracking number`, 'not_found', detail);
  if (status >= 400) throw new CourierError(`${call.step}: Bosta refused`, 'refused', detail);
  if (!body) throw new CourierError(`${call.step}: Bosta's answer is not JSON`, 'unreachable', detail);
  if (body.success === false) throw new CourierError(`${call.step}: Bosta refused`, 'refused', detail);
  return body;
}

function districtFrom(value: unknown): BostaDistrict | null {
  if (!isRecord(value)) return null;
  const districtId = text(value.districtId);
  if (!districtId) return null;
  return {
    districtId,
    districtName: text(value.districtName),
    districtOtherName: text(value.districtOtherName),
    zoneId: text(value.zoneId),
    zoneName: text(value.zoneName),
    zoneOtherName: text(value.zoneOtherName),
    dropOffAvailability: value.dropOffAvailability !== false,
  };
}

function cityFrom(value: unknown): BostaCity | null {
  if (!isRecord(value)) return null;
  const cityId = text(value.cityId);
  const cityName = text(value.cityName);
  if (!cityId || !cityName) return null;
  const districts = Array.isArray(value.districts) ? value.districts.map(districtFrom).filter((d): d is BostaDistrict => d !== null) : [];
  return {
    cityId,
    cityName,
    cityOtherName: text(value.cityOtherName),
    cityCode: text(value.cityCode) || null,
    dropOffAvailability: value.dropOffAvailability !== false,
    districts,
  };
}

/**
 * Bosta's cities with their districts (GET /api/v2/cities/getAllDistricts?countryId=Egypt), one
 * call. The shop may keep the list and pass it back as BostaSettings.cities.
 */
export async function readBostaCities(settings: BostaSettings): Promise<BostaCity[]> {
  const body = await callBosta(settings, { method: 'GET', path: `/api/v2/cities/getAllDistricts?countryId=${BOSTA_EGYPT_COUNTRY_ID}`, step: 'read cities' });
  const data = isRecord(body.data) ? body.data.list : body.data;
  const cities = Array.isArray(data) ? data.map(cityFrom).filter((c): c is BostaCity => c !== null) : [];
  if (cities.length === 0) throw new CourierError('read cities: Bosta answered no cities', 'unreachable', 'empty city list');
  return cities;
}

/** A place name folded so spellings of the same name meet: hamza and ta marbuta forms, "محافظة", spaces. */
function foldPlace(name: string): string {
  return normalizeArabic(name)
    .replace(/^محافظه\s+/, '')
    .replace(/\s+/g, '');
}

function withoutArticle(folded: string): string {
  return folded.replace(/^ال/, '');
}

function findByName<T>(items: readonly T[], wanted: string, names: (item: T) => string[]): T | undefined {
  const folded = foldPlace(wanted);
  if (!folded) return undefined;
  return (
    items.find((item) => names(item).some((name) => name !== '' && foldPlace(name) === folded)) ??
    items.find((item) => names(item).some((name) => name !== '' && withoutArticle(foldPlace(name)) === withoutArticle(folded)))
  );
}

/**
 * Bosta's city for one of the shop's governorates (contracts/governorates.ts), matched on the
 * Arabic name Bosta gives it (cityOtherName) whatever the hamza, ta marbuta or alif maqsura.
 */
export function bostaCityFor(governorate: string, cities: readonly BostaCity[]): BostaCity | null {
  return findByName(cities, governorate, (city) => [city.cityOtherName]) ?? null;
}

/** Bosta's district for the shopper's district, in Arabic or English; a district's own name before a zone's. */
export function bostaDistrictFor(city: BostaCity, district: string): BostaDistrict | null {
  const open = city.districts.filter((d) => d.dropOffAvailability);
  return findByName(open, district, (d) => [d.districtOtherName, d.districtName]) ?? findByName(open, district, (d) => [d.zoneOtherName, d.zoneName]) ?? null;
}

/** The customer's address in Bosta's format ("Format Bosta Address"). */
function bostaAddress(city: BostaCity, address: NewDelivery['address']): Json {
  const district = bostaDistrictFor(city, address.district);
  return {
    city: city.cityName,
    // A district Bosta lists goes by its id; one it does not goes by name with the city's id.
    ...(district ? { districtId: district.districtId, ...(district.zoneId ? { zoneId: district.zoneId } : {}) } : { cityId: city.cityId, districtName: address.district }),
    firstLine: address.details,
  };
}

function bostaReceiver(receiver: NewDelivery['receiver']): Json {
  const [firstName = '', ...rest] = receiver.name.trim().split(/\s+/);
  return { firstName, ...(rest.length > 0 && { lastName: rest.join(' ') }), phone: receiver.phone };
}

const packageDetails = (contents: ParcelContents): Json => ({ packageDetails: { itemsCount: contents.itemsCount, description: contents.description } });

/** The body of POST /api/v2/deliveries for one order. */
export function bostaDeliveryBody(input: NewDelivery, city: BostaCity, pickupAddressId?: string): Json {
  return {
    type: BOSTA_TYPE_DELIVER,
    specs: packageDetails(input),
    ...(input.notes ? { notes: input.notes } : {}),
    cod: input.cod,
    dropOffAddress: bostaAddress(city, input.address),
    receiver: bostaReceiver(input.receiver),
    businessReference: input.reference,
    // Bosta refuses a second delivery with the same one: an order sent again after a timeout is not shipped twice.
    uniqueBusinessReference: input.reference,
    allowToOpenPackage: input.allowOpenPackage,
    ...(pickupAddressId ? { businessLocationId: pickupAddressId } : {}),
  };
}

/**
 * The body of POST /api/v2/deliveries for a return. A plain return is a CRP (type 25): Bosta
 * collects at `pickupAddress`, the customer's, and brings the parcel to `businessLocationId`. An
 * exchange is type 30: Bosta takes the new pieces from the shop to `dropOffAddress`, the
 * customer's, collects `cod` there and brings the old pieces back. `specs` describes the parcel
 * Bosta carries out (for a CRP, the one it collects), `returnSpecs` the one it brings back.
 */
export function bostaReturnDeliveryBody(input: NewReturnDelivery, city: BostaCity, pickupAddressId?: string): Json {
  const exchange = input.kind === 'exchange';
  const address = bostaAddress(city, input.address);
  return {
    type: exchange ? BOSTA_TYPE_EXCHANGE : BOSTA_TYPE_RETURN_PICKUP,
    ...(exchange ? { dropOffAddress: address } : { pickupAddress: address }),
    specs: packageDetails(exchange && input.deliver ? input.deliver : input.collect),
    returnSpecs: packageDetails(input.collect),
    cod: input.cod,
    receiver: bostaReceiver(input.receiver),
    businessReference: input.reference,
    // Bosta refuses a second delivery with the same one: a return asked again after a timeout is not collected twice.
    uniqueBusinessReference: input.reference,
    ...(pickupAddressId ? { businessLocationId: pickupAddressId } : {}),
  };
}

function deliveryFrom(data: unknown, step: string, initialCode?: number): CourierDelivery {
  if (!isRecord(data)) throw new CourierError(`${step}: Bosta's answer has no delivery`, 'unreachable', 'no data');
  const deliveryId = text(data._id);
  const trackingNumber = text(data.trackingNumber);
  const code = stateCodeOf(isRecord(data.state) ? data.state.code : data.state) ?? initialCode ?? null;
  if (!deliveryId || !trackingNumber || code === null) throw new CourierError(`${step}: Bosta's answer lacks _id, trackingNumber or state`, 'unreachable', 'incomplete delivery');
  const state = shipmentStateForBostaCode(code);
  return { deliveryId, trackingNumber, state, stateCode: code, codCollected: state === 'delivered' ? amount(data.cod) : null };
}

/**
 * The shop's Courier for Bosta. Cities are read on the first delivery (or taken from
 * `settings.cities`) and kept; every call waits at most `timeoutMs` (BOSTA_CALL_TIMEOUT_MS).
 */
export function createBosta(settings: BostaSettings): Courier {
  let cities: Promise<readonly BostaCity[]> | null = settings.cities ? Promise.resolve(settings.cities) : null;
  /** Bosta's cities, read once; a failed read is tried again on the next delivery. */
  function knownCities(): Promise<readonly BostaCity[]> {
    cities ??= readBostaCities(settings).catch((error: unknown) => {
      cities = null;
      throw error;
    });
    return cities;
  }
  const path = (trackingNumber: string) => `/api/v2/deliveries/business/${encodeURIComponent(trackingNumber)}`;

  return {
    name: 'bosta',

    async createDelivery(input) {
      const city = bostaCityFor(input.address.city, await knownCities());
      if (!city) throw new CourierError('create delivery: Bosta lists no city for this governorate', 'refused', input.address.city);
      const body = await callBosta(settings, { method: 'POST', path: '/api/v2/deliveries?apiVersion=1', body: bostaDeliveryBody(input, city, settings.pickupAddressId), step: 'create delivery' });
      // A delivery just made is in Bosta's initial state ("Created 10") when the answer does not say.
      return deliveryFrom(body.data, 'create delivery', 10);
    },

    async createReturnDelivery(input) {
      const city = bostaCityFor(input.address.city, await knownCities());
      if (!city) throw new CourierError('create return pickup: Bosta lists no city for this governorate', 'refused', input.address.city);
      const body = await callBosta(settings, { method: 'POST', path: '/api/v2/deliveries?apiVersion=1', body: bostaReturnDeliveryBody(input, city, settings.pickupAddressId), step: 'create return pickup' });
      return deliveryFrom(body.data, 'create return pickup', 10);
    },

    async label(trackingNumbers) {
      if (trackingNumbers.length === 0) throw new CourierError('airway bill: no tracking numbers', 'refused');
      const query = new URLSearchParams({ trackingNumbers: trackingNumbers.join(','), lang: 'ar' });
      const body = await callBosta(settings, { method: 'GET', path: `/api/v2/deliveries/mass-awb?${query}`, step: 'airway bill', trackingNumber: true });
      const pdf = typeof body.data === 'string' ? Buffer.from(body.data, 'base64') : Buffer.alloc(0);
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new CourierError("airway bill: Bosta's answer is not a PDF", 'unreachable', 'data is not a base64 PDF');
      return pdf;
    },

    async readDelivery(trackingNumber) {
      const body = await callBosta(settings, { method: 'GET', path: path(trackingNumber), step: 'read delivery', trackingNumber: true });
      return deliveryFrom(body.data, 'read delivery');
    },

    async cancel(trackingNumber) {
      await callBosta(settings, { method: 'DELETE', path: `${path(trackingNumber)}/terminate`, step: 'cancel delivery', trackingNumber: true });
    },
  };
}

export interface BostaWebhookEvent {
  trackingNumber: string;
  deliveryId: string | null;
  stateCode: number;
  state: ShipmentState;
  /** The same for the same event sent again, different for each change of state. */
  eventKey: string;
  /** Pounds collected, sent by Bosta only with a delivered state. */
  codCollected: number | null;
  /** Bosta's `type` (SEND, EXCHANGE, CUSTOMER_RETURN_PICKUP, RTO, …); the shop creates SEND for orders, CUSTOMER_RETURN_PICKUP and EXCHANGE for returns. */
  deliveryType: string | null;
}

/**
 * Reads the body of Bosta's state webhook; null when it is not a Bosta delivery event (no
 * tracking number or no numeric state). Checking the header the shop chose is the caller's
 * (bostaWebhookAuthorised).
 */
export function parseBostaWebhook(body: unknown): BostaWebhookEvent | null {
  if (!isRecord(body)) return null;
  const trackingNumber = text(body.trackingNumber).trim();
  const stateCode = stateCodeOf(body.state);
  if (!trackingNumber || stateCode === null) return null;
  const deliveryId = text(body._id) || null;
  const state = shipmentStateForBostaCode(stateCode);
  // Bosta posts once per change of state and may post the same change again when the shop did
  // not answer: the delivery, the state and the moment of the change name that change. The
  // moment keeps apart two visits to one state (out for delivery again the next day, a second
  // exception), which are news, from a repeat, which is not.
  const moment = text(body.timeStamp);
  const eventKey = `bosta:${deliveryId ?? trackingNumber}:${stateCode}:${moment}`;
  return {
    trackingNumber,
    deliveryId,
    stateCode,
    state,
    eventKey,
    codCollected: state === 'delivered' ? amount(body.cod) : null,
    deliveryType: text(body.type) || null,
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** The webhook's header (the name and value the shop set in Bosta's dashboard) compared in constant time. */
export function bostaWebhookAuthorised(received: unknown, secret: string): boolean {
  if (typeof received !== 'string' || secret === '') return false;
  return timingSafeEqual(digest(received), digest(secret));
}
