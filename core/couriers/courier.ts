/**
 * What the shop needs from a courier, whoever it is (docs/decisions/022-couriers-bosta.md):
 * create a delivery for an order or a pickup for a return, print its airway bill, read where it
 * is, cancel it before pickup, and send the shopper to the courier's tracking page. Bosta is the
 * first (core/couriers/bosta.ts); another Egyptian courier is added beside it with the same shape.
 */

/**
 * Where a shipment is, in the shop's words. Final: delivered (the shopper has it), returned (it is
 * back with the shop), cancelled (the courier will not carry it). Not final: created (waiting for
 * pickup; the only state a delivery can be cancelled in), in_transit, exception (the courier
 * reports a problem, or a state the shop does not know: staff look at it).
 */
export type ShipmentState = 'created' | 'in_transit' | 'delivered' | 'returned' | 'cancelled' | 'exception';

export const FINAL_SHIPMENT_STATES: readonly ShipmentState[] = ['delivered', 'returned', 'cancelled'];

/** True for the states after which the courier moves the parcel no further. */
export function isFinalShipmentState(state: ShipmentState): boolean {
  return FINAL_SHIPMENT_STATES.includes(state);
}

export interface CourierDelivery {
  /** The courier's own id of the delivery. */
  deliveryId: string;
  /** What the airway bill, the tracking page and the shopper use. */
  trackingNumber: string;
  state: ShipmentState;
  /** The courier's own code for the state, kept for staff and for the record. */
  stateCode: number | string;
  /** Cash the courier collected (pounds), when known. */
  codCollected: number | null;
}

export interface NewDelivery {
  /** The shop's order number. */
  reference: string;
  receiver: {
    name: string;
    /** Egyptian mobile, 01xxxxxxxxx. */
    phone: string;
  };
  address: {
    /** The governorate, one of contracts/governorates.ts GOVERNORATES. */
    city: string;
    district: string;
    details: string;
  };
  /** Pounds to collect at the door; 0 for a paid order. */
  cod: number;
  allowOpenPackage: boolean;
  itemsCount: number;
  description: string;
  notes?: string;
}

/** What a parcel holds, for the courier's airway bill. */
export interface ParcelContents {
  itemsCount: number;
  description: string;
}

/**
 * A visit to the customer for a return: `return` collects the pieces and brings them to the
 * shop; `exchange` delivers the new pieces and collects the old ones in the same visit.
 */
export interface NewReturnDelivery {
  kind: 'return' | 'exchange';
  /** The shop's reference for the return (kept apart from order numbers). */
  reference: string;
  receiver: NewDelivery['receiver'];
  /** Where the customer is: the order's shipping address. */
  address: NewDelivery['address'];
  /** Pounds to collect at the door: an exchange's return shipping fee; 0 for a plain return. */
  cod: number;
  /** The pieces collected from the customer. */
  collect: ParcelContents;
  /** The pieces delivered in exchange; only with `exchange`. */
  deliver?: ParcelContents;
}

export interface Courier {
  readonly name: 'bosta';
  createDelivery(input: NewDelivery): Promise<CourierDelivery>;
  /** A pickup of a return from the customer, or an exchange's visit. */
  createReturnDelivery(input: NewReturnDelivery): Promise<CourierDelivery>;
  /** The airway bill(s) of these deliveries: the bytes of one PDF. */
  label(trackingNumbers: string[]): Promise<Buffer>;
  readDelivery(trackingNumber: string): Promise<CourierDelivery>;
  /** Cancels a delivery the courier has not picked up yet; refused afterwards. */
  cancel(trackingNumber: string): Promise<void>;
}

/**
 * A courier call that did not do what was asked. `refused`: the courier answered no (a 4xx,
 * including a key it does not accept): sending the same call again gets the same no.
 * `unreachable`: no answer in time, a 5xx, or an answer that is not what the courier documents:
 * the same call may work later. `not_found`: the courier does not know that tracking number.
 * `detail` is what the courier said (never a key), for staff and logs.
 */
export class CourierError extends Error {
  constructor(
    message: string,
    readonly kind: 'refused' | 'unreachable' | 'not_found',
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'CourierError';
  }
}
