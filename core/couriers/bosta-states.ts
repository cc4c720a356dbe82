/**
 * Bosta's numeric delivery state codes (the `state` of a webhook, `state.code` of a delivery) in
 * the shop's words. Sources, as docs/decisions/022-couriers-bosta.md lists them:
 *  - docs: Bosta's own state table (docs.bosta.co, "Get International Order Status Update via
 *    Webhook"; the domestic webhook page, "Get Shipment Status via Webhook", names `state` as "a
 *    code representing the current state of the order" and says `cod` comes "only in Delivered
 *    state");
 *  - integrations: the same numbers with the same names in independent public Bosta integrations
 *    (Bosta's own pages we could read do not list them). A code only integrations name maps to a
 *    final state only when the shop cannot work without it (45, 46); otherwise to exception.
 * Anything else is exception: a code the shop does not know never closes a shipment.
 */
import type { ShipmentState } from './courier.ts';

export interface BostaStateMeaning {
  /** Bosta's name of the state. */
  name: string;
  state: ShipmentState;
  source: 'docs' | 'integrations';
}

export const BOSTA_STATES: Readonly<Record<number, BostaStateMeaning>> = {
  // docs: "Created 10 — The order is still in initial State" (the dashboard's "Pickup requested").
  10: { name: 'Pickup requested', state: 'created', source: 'docs' },
  // integrations: waiting for a pickup route; still at the shop.
  11: { name: 'Waiting for route', state: 'created', source: 'integrations' },
  // docs: "Route Assigned 20 — The order is assigned to route" (the pickup route; not picked up yet).
  20: { name: 'Route assigned', state: 'created', source: 'docs' },
  // docs: "Picked up 21 — The order is picked up from business".
  21: { name: 'Picked up from business', state: 'in_transit', source: 'docs' },
  // integrations: picking up from / picked up from the consignee (return and exchange legs).
  22: { name: 'Picking up from consignee', state: 'in_transit', source: 'integrations' },
  23: { name: 'Picked up from consignee', state: 'in_transit', source: 'integrations' },
  // integrations: received at a Bosta warehouse.
  24: { name: 'Received at warehouse', state: 'in_transit', source: 'integrations' },
  // integrations: fulfilled from Bosta's own stock (fulfilment orders); not with the shopper yet.
  25: { name: 'Fulfilled', state: 'in_transit', source: 'integrations' },
  // docs: "Ready to Transfer 26".
  26: { name: 'Ready to transfer', state: 'in_transit', source: 'docs' },
  // docs: "In Transit between Hubs 30".
  30: { name: 'In transit between hubs', state: 'in_transit', source: 'docs' },
  // integrations: a courier on the way to collect (cash collection orders).
  40: { name: 'Picking up', state: 'in_transit', source: 'integrations' },
  // docs: "Out for Delivery 41 — When the order is out for delivery to the consignee".
  41: { name: 'Out for delivery', state: 'in_transit', source: 'docs' },
  // integrations: delivered to the shopper (domestic; the international table uses 45 for customs
  // clearance and 60 for delivered, which the shop, shipping inside Egypt only, never sees).
  45: { name: 'Delivered', state: 'delivered', source: 'integrations' },
  // integrations: the parcel is back with the shop.
  46: { name: 'Returned to business', state: 'returned', source: 'integrations' },
  // docs: "Exception 47 — When the order receive an exception"; Bosta tries again after it.
  47: { name: 'Exception', state: 'exception', source: 'docs' },
  // docs: "Terminated 48 — When the order is terminated or canceled" (what cancelling before pickup does).
  48: { name: 'Terminated', state: 'cancelled', source: 'docs' },
  // integrations name it "Canceled" without saying where the parcel is: staff look.
  49: { name: 'Canceled', state: 'exception', source: 'integrations' },
  // integrations: returned to stock (fulfilment); the international table uses 60 for delivered.
  60: { name: 'Returned to stock', state: 'exception', source: 'integrations' },
  // integrations: the parcel is lost, damaged, under investigation, waiting for the shop, archived or held.
  100: { name: 'Lost', state: 'exception', source: 'integrations' },
  101: { name: 'Damaged', state: 'exception', source: 'integrations' },
  102: { name: 'Investigation', state: 'exception', source: 'integrations' },
  103: { name: 'Awaiting your action', state: 'exception', source: 'integrations' },
  104: { name: 'Archived', state: 'exception', source: 'integrations' },
  105: { name: 'On hold', state: 'exception', source: 'integrations' },
};

/** The shop's state for a Bosta state code; exception for any code not in BOSTA_STATES. */
export function shipmentStateForBostaCode(code: number): ShipmentState {
  return BOSTA_STATES[code]?.state ?? 'exception';
}
