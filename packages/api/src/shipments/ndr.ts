// A failed delivery (NDR) must be decided within about a day or the parcel comes back (RTO) and the
// shop pays both ways (contracts/shipments.md): the owner decides (re-attempt with a better phone,
// address or day, or return), or the buyer asks for another attempt from the order page. An adapter
// courier is told at once; the decision is kept on the shipment, with an event on its timeline that
// carries no phone or address (the timeline is shown on the public tracking page).
import { addDays, istDay, type ShipmentStatus } from "@store/domain";
import { REATTEMPT_MAX_DAYS } from "@store/validators";
import type { Prisma } from "@store/db";
import type { RoleAwareContext } from "../payments/money-owner.ts";
import { actorOf } from "../payments/payment-status.ts";
import { assertOwnRecord } from "../platform/context-guards.ts";
import { STOCK_TX_OPTIONS } from "../catalogue/stock.ts";
import { StoreError } from "../platform/errors.ts";
import { CourierError, type CourierAdapter, type NdrDecision } from "./couriers/port.ts";
import { applyEvents, lockShipment, shipmentOrder, type IncomingEvent } from "./tracking.ts";
import { loadShipmentOutput } from "./shipments.ts";
import type { ShipmentOutput } from "./serializers.ts";

type Tx = Prisma.TransactionClient;

const notInNdr = (shipmentId: number, status: string) =>
  new StoreError(409, "NOT_IN_NDR", `Shipment ${shipmentId} is ${status}, not NDR (a failed delivery): there is no failed attempt to decide.`);

/** A preferred day must be today or within the next REATTEMPT_MAX_DAYS days, India time. */
export function checkPreferredDate(day: string | undefined, now = new Date()): void {
  if (day === undefined) return;
  const today = istDay(now);
  const last = addDays(today, REATTEMPT_MAX_DAYS);
  if (day < today) throw new StoreError(400, "BAD_REQUEST", `Preferred date ${day} is in the past: choose a day from ${today} to ${last}.`);
  if (day > last)
    throw new StoreError(
      400,
      "BAD_REQUEST",
      `Preferred date ${day} is too far ahead: choose a day from ${today} to ${last} (within ${REATTEMPT_MAX_DAYS} days).`,
    );
}

/** The adapter that carries the shipment, null for a manual one; an adapter this server has no credentials for is a 400. */
function adapterOf(ctx: RoleAwareContext, courier: string): CourierAdapter | null {
  if (courier === "manual") return null;
  const adapter = courier === "shiprocket" ? ctx.services.couriers.shiprocket : null;
  if (!adapter) {
    throw new StoreError(400, "COURIER_NOT_CONFIGURED", `The courier ${courier} is not set up on this server, so the decision cannot be sent to it.`);
  }
  return adapter;
}

/** The decision's event: unmapped (it moves nothing), in words the buyer may read. */
function decisionEvent(shipmentId: number, at: Date, word: string, remark: string | null): IncomingEvent {
  return { at, status: null, courierStatus: word, location: null, remark, dedupKey: `${shipmentId}|admin|${word.toUpperCase()}|${at.toISOString()}` };
}

const dayOf = (day: string | undefined) => (day ? new Date(`${day}T00:00:00.000Z`) : null);

/** Re-checks NDR under the locks: a scan may have moved the parcel while the courier was being told. */
async function lockedInNdr(tx: Tx, productOrderId: string, shipmentId: number) {
  const locked = await lockShipment(tx, productOrderId, shipmentId);
  if (locked.shipment.status !== "NDR") throw notInNdr(shipmentId, locked.shipment.status);
  return locked;
}

/**
 * `POST /shipments/{shipmentId}/ndr-action` (admin). An adapter courier gets the decision first; if
 * it refuses, nothing is recorded (502 COURIER_ERROR). The courier's next scan moves the parcel
 * (Out for delivery, RTO initiated); a manual parcel has no courier to scan it, so an RTO decision
 * moves it to "RTO initiated" at once.
 */
export async function decideNdr(
  ctx: RoleAwareContext,
  input: { shipmentId: number; action: "REATTEMPT" | "RTO"; phone?: string | undefined; address?: string | undefined; preferredDate?: string | undefined },
): Promise<ShipmentOutput> {
  const { shipmentId, action } = input;
  const found = await shipmentOrder(ctx.db, shipmentId);
  if (found.status !== "NDR") throw notInNdr(shipmentId, found.status);
  checkPreferredDate(input.preferredDate);
  const adapter = adapterOf(ctx, found.courier);
  const decision: NdrDecision =
    action === "RTO"
      ? { action }
      : {
          action,
          ...(input.preferredDate ? { preferredDate: input.preferredDate } : {}),
          ...(input.phone ? { phone: input.phone } : {}),
          ...(input.address ? { address: input.address } : {}),
        };
  if (adapter) {
    try {
      await adapter.ndrAction(found.awb, decision);
    } catch (error) {
      if (error instanceof CourierError) throw new StoreError(502, "COURIER_ERROR", `The courier did not take the decision: ${error.message}`);
      throw error;
    }
  }
  const now = new Date();
  const actor = actorOf(ctx.auth);
  await ctx.db.$transaction(async (tx) => {
    const locked = await lockedInNdr(tx, found.productOrderId, shipmentId);
    await tx.shipment.update({
      where: { shipmentId },
      data: {
        ndrAction: action,
        ndrActionAt: now,
        ndrActionBy: "admin",
        ndrPreferredDate: dayOf(input.preferredDate),
        ndrPhone: input.phone ?? null,
        ndrAddress: input.address ?? null,
      },
    });
    const word = action === "RTO" ? "Return to origin requested" : "Re-attempt requested";
    const remark =
      [input.preferredDate ? `Preferred date ${input.preferredDate}` : null, adapter ? "sent to the courier" : null].filter(Boolean).join("; ") || null;
    const events: IncomingEvent[] = [decisionEvent(shipmentId, now, word, remark)];
    // a manual parcel's return starts with the decision: nobody else would record it
    if (!adapter && action === "RTO") {
      const rto: ShipmentStatus = "RTO initiated";
      events.push({
        at: now,
        status: rto,
        courierStatus: null,
        location: null,
        remark: "Returned on the store's decision",
        dedupKey: `${shipmentId}|admin|${rto}|${now.toISOString()}`,
      });
    }
    await applyEvents(ctx, tx, locked, events, { source: "admin", actor });
  }, STOCK_TX_OPTIONS);
  return loadShipmentOutput(ctx.db, shipmentId);
}

/**
 * `POST /orders/{productOrderId}/shipments/{shipmentId}/reattempt` (the order's customer, or an
 * admin). The request is recorded for the owner whatever the courier answers: a courier that
 * refuses or cannot be reached is noted on the event, and the owner passes it on.
 */
export async function requestReattempt(
  ctx: RoleAwareContext,
  input: { productOrderId: string; shipmentId: number; preferredDate: string; phone?: string | undefined; landmark?: string | undefined },
): Promise<ShipmentOutput> {
  const { productOrderId, shipmentId } = input;
  const order = await ctx.db.order.findUnique({ where: { productOrderId }, select: { customerId: true } });
  if (!order) throw new StoreError(404, "NOT_FOUND", `Order ${productOrderId} was not found.`);
  assertOwnRecord(ctx.auth, order.customerId, `Order ${productOrderId} was not found.`);
  const found = await ctx.db.shipment.findFirst({ where: { shipmentId, productOrderId }, select: { courier: true, awb: true, status: true } });
  if (!found) throw new StoreError(404, "NOT_FOUND", `Shipment ${shipmentId} of order ${productOrderId} was not found.`);
  if (found.status !== "NDR") throw notInNdr(shipmentId, found.status);
  checkPreferredDate(input.preferredDate);

  const adapter = found.courier === "shiprocket" ? ctx.services.couriers.shiprocket : null;
  let forwarded: string | null = null;
  if (adapter) {
    const decision: NdrDecision = {
      action: "REATTEMPT",
      preferredDate: input.preferredDate,
      ...(input.phone ? { phone: input.phone } : {}),
      ...(input.landmark ? { landmark: input.landmark } : {}),
    };
    try {
      await adapter.ndrAction(found.awb, decision);
      forwarded = "sent to the courier";
    } catch (error) {
      if (!(error instanceof CourierError)) throw error;
      forwarded = `the courier did not take it (${error.message.slice(0, 200)}); the store will pass it on`;
    }
  }
  const now = new Date();
  const by = ctx.auth.role === "admin" ? "admin" : "customer";
  await ctx.db.$transaction(async (tx) => {
    const locked = await lockedInNdr(tx, productOrderId, shipmentId);
    await tx.shipment.update({
      where: { shipmentId },
      data: {
        ndrAction: "REATTEMPT",
        ndrActionAt: now,
        ndrActionBy: by,
        ndrPreferredDate: dayOf(input.preferredDate),
        ...(input.phone ? { ndrPhone: input.phone } : {}),
        ...(input.landmark ? { ndrAddress: `Landmark: ${input.landmark}` } : {}),
      },
    });
    const remark = [`Preferred date ${input.preferredDate}`, forwarded].filter(Boolean).join("; ");
    const word = by === "customer" ? "Re-attempt requested by the buyer" : "Re-attempt requested";
    await applyEvents(ctx, tx, locked, [decisionEvent(shipmentId, now, word, remark)], { source: "admin", actor: actorOf(ctx.auth) });
  }, STOCK_TX_OPTIONS);
  return loadShipmentOutput(ctx.db, shipmentId);
}
