// Helpers for the shipments tests (issue 28): orders placed through the real checkout and ready to
// ship, a fake courier adapter that records what it was asked, shipments made and moved directly.
import type { PaymentMethod, ShipmentStatus } from "@store/domain";
import type { CreateShipmentInput } from "@store/validators";
import { expect } from "vitest";
import type { TestEnv } from "../testing.ts";
import { CourierError, type CourierAdapter, type CourierBooking, type CourierShipment, type NdrDecision, type TrackingUpdate } from "./couriers/port.ts";

export interface ShippingLineSpec {
  /** rupees a unit */
  price?: number;
  /** units of this line (default 1) */
  quantity?: number;
  /** rupees, or "Free" (default) */
  delivery?: number | "Free";
  /** the pack's weight in grams (default: as the catalogue estimated it) */
  weightGrams?: number;
}

export interface ShippingOrderSpec {
  paymentMethod?: PaymentMethod;
  /** one line per entry (default one line of ₹100) */
  lines?: ShippingLineSpec[];
  /** units of every line that does not say (default 1) */
  quantity?: number;
  /** the customer's fields (PIN code, city, state…) */
  customer?: Record<string, unknown>;
}

export interface PlacedOrder {
  productOrderId: string;
  /** the order's line ids, in line order */
  orderIds: number[];
  customerId: number;
  caller: Awaited<ReturnType<TestEnv["newCustomer"]>>["caller"];
  customerFields: Awaited<ReturnType<TestEnv["newCustomer"]>>["fields"];
  productIds: number[];
  variantIds: number[];
}

const prepared = new WeakSet<TestEnv>();

/** The store set up to take many test orders: UPI on, a ₹20 COD fee, the hoarding limits out of the way. */
export async function prepareShippingStore(env: TestEnv): Promise<void> {
  if (prepared.has(env)) return;
  await env.admin.settings.update({ codFee: 20, upiVpa: "shop@okicici", maxOpenUnpaidOrders: 1000, maxOrdersPerHour: 1000, maxUnitsPerProductPerOrder: 1000 });
  prepared.add(env);
}

/** A new customer's order through the real cart and checkout (COD unless told), one product per line. */
export async function placeOrderForShipping(env: TestEnv, spec: ShippingOrderSpec = {}): Promise<PlacedOrder> {
  await prepareShippingStore(env);
  const c = await env.newCustomer(spec.customer ?? {});
  const productIds: number[] = [];
  const variantIds: number[] = [];
  for (const line of spec.lines ?? [{}]) {
    const price = line.price ?? 100;
    const productId = await env.newProduct({ productPrice: price, mainPrice: Math.max(price, 120), deliveryCharge: line.delivery ?? "Free", quantity: 5000 });
    const pack = await env.handle.db.productVariant.findFirstOrThrow({ where: { productId }, orderBy: { position: "asc" }, select: { variantId: true } });
    if (line.weightGrams !== undefined)
      await env.handle.db.productVariant.update({ where: { variantId: pack.variantId }, data: { weightGrams: line.weightGrams } });
    productIds.push(productId);
    variantIds.push(pack.variantId);
    await c.caller.cart.save({ productId, quantity: line.quantity ?? spec.quantity ?? 1 });
  }
  const { productOrderId } = await c.caller.cart.checkout({ paymentMethod: spec.paymentMethod ?? "COD" });
  const lines = await env.handle.db.productOrder.findMany({
    where: { productOrderId },
    orderBy: { orderId: "asc" },
    select: { orderId: true, productId: true },
  });
  // the checkout writes lines in its own order: answer them in the order they were asked for
  const orderIds = productIds.map((p) => lines.find((l) => l.productId === p)!.orderId);
  return { productOrderId, orderIds, customerId: c.customerId, caller: c.caller, customerFields: c.fields, productIds, variantIds };
}

/** Marks an order (and its lines) paid, as a confirmed payment leaves it. */
export async function markOrderPaid(env: TestEnv, productOrderId: string): Promise<void> {
  await env.handle.db.order.update({ where: { productOrderId }, data: { paymentStatus: "Paid" } });
  await env.handle.db.productOrder.updateMany({ where: { productOrderId }, data: { paymentStatus: "Paid" } });
}

let awbSerial = 0;
/** An AWB no test has used yet (12 characters, upper-case). */
export const uniqueAwb = (prefix = "AW"): string => `${prefix}${Date.now() % 1_000_000}${String(++awbSerial).padStart(4, "0")}`.slice(0, 20).toUpperCase();

/** A manual shipment of every line still waiting (or of `orderIds`), through the admin procedure. */
export function shipManually(env: TestEnv, productOrderId: string, extra: Partial<Omit<CreateShipmentInput, "productOrderId" | "courier">> = {}) {
  return env.admin.shipments.create({ productOrderId, courier: "manual", courierName: "Delhivery Surface", awb: uniqueAwb(), ...extra });
}

/** Puts a shipment straight at a status (as if the courier had scanned it there), without its side effects. */
export async function setShipmentStatus(env: TestEnv, shipmentId: number, status: ShipmentStatus, extra: { ndrAttempts?: number } = {}): Promise<void> {
  await env.handle.db.shipment.update({ where: { shipmentId }, data: { status, statusAt: new Date(), ...extra } });
}

export interface FakeCourier {
  adapter: CourierAdapter;
  bookings: CourierBooking[];
  cancelled: { awb: string; providerOrderId: string | null }[];
  ndrActions: { awb: string; decision: NdrDecision }[];
  /** what the next book() does: answer (default: an AWB of its own), or throw */
  nextBooking: ((booking: CourierBooking) => CourierShipment | Promise<CourierShipment>) | null;
  /** what the next cancel() does (default: ok) */
  nextCancel: (() => void | Promise<void>) | null;
  /** what track() answers for an AWB */
  tracking: Map<string, TrackingUpdate>;
}

/** A courier adapter in memory: records bookings, cancellations and NDR actions; book() answers an AWB unless told otherwise. */
export function fakeCourier(): FakeCourier {
  let serial = 0;
  const fake: FakeCourier = {
    bookings: [],
    cancelled: [],
    ndrActions: [],
    nextBooking: null,
    nextCancel: null,
    tracking: new Map(),
    adapter: {
      name: "shiprocket",
      async book(booking) {
        fake.bookings.push(booking);
        const next = fake.nextBooking;
        fake.nextBooking = null;
        if (next) return next(booking);
        serial++;
        return {
          awb: uniqueAwb("SR"),
          courierName: "Delhivery Surface",
          trackingUrl: null,
          labelUrl: `https://labels.example.test/${booking.reference}.pdf`,
          providerOrderId: `SRO${serial}`,
          providerShipmentId: `SRS${serial}`,
          expectedDeliveryDate: null,
        };
      },
      async cancel(shipment) {
        const next = fake.nextCancel;
        fake.nextCancel = null;
        if (next) await next();
        fake.cancelled.push(shipment);
      },
      track(awb) {
        const update = fake.tracking.get(awb);
        return update ? Promise.resolve(update) : Promise.reject(new CourierError(`No tracking for AWB ${awb}`, 404));
      },
      ndrAction(awb, decision) {
        fake.ndrActions.push({ awb, decision });
        return Promise.resolve();
      },
      label() {
        return Promise.resolve(null);
      },
      parseWebhook() {
        return null;
      },
    },
  };
  return fake;
}

/** The rejection of a procedure with a StoreError: its tRPC code and the store's code. */
export const refusal = (trpcCode: string, code: string) => ({ code: trpcCode, cause: expect.objectContaining({ code }) as unknown });
