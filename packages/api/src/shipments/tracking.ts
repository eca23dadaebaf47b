// Where a shipment is (contracts/shipments.md "Courier updates"): every courier scan (the webhook, the
// tracking-poll job) and every admin step goes through one path. Each event is stored once (its
// dedupKey), and only a new event that is not older than the shipment's status moves it, along the
// order of @store/domain checkShipmentMove: a duplicate or a late scan never moves it backwards.
// A move carries its effects on the order's lines and the buyer's message (line-effects.ts).
import { checkShipmentMove, mapCourierStatus, type Courier, type ShipmentStatus } from "@store/domain";
import type { Db, Prisma, ShipmentModel } from "@store/db";
import type { Services } from "../context.ts";
import { actorOf, lockOrder } from "../payments/payment-status.ts";
import { sendNewRefund } from "../payments/refund-actions.ts";
import type { RoleAwareContext } from "../payments/money-owner.ts";
import { STOCK_TX_OPTIONS } from "../catalogue/stock.ts";
import { StoreError } from "../platform/errors.ts";
import type { TrackingEvent, TrackingUpdate } from "./couriers/port.ts";
import type { ShipmentOutput } from "./serializers.ts";
import { loadShipmentOutput } from "./shipments.ts";
import { isMessaged, moveBoxLines, queueShipmentMail } from "./line-effects.ts";

type Tx = Prisma.TransactionClient;
type Header = Awaited<ReturnType<typeof lockOrder>>;
export type EventSource = "webhook" | "courier" | "admin";

/** One event as it is stored; `status` null: a courier word the table does not know (kept, moves nothing). */
export interface IncomingEvent {
  at: Date;
  status: ShipmentStatus | null;
  courierStatus: string | null;
  location: string | null;
  remark: string | null;
  dedupKey: string;
}

export interface Locked {
  header: Header;
  shipment: ShipmentModel;
}

export interface Applied {
  /** events stored for the first time */
  applied: number;
  /** the statuses the shipment moved to, in order */
  reached: ShipmentStatus[];
  restocked: boolean;
  refundIds: number[];
}

/** The order's header, then the shipment row, locked in the store's order (every change of an order goes through its header first). */
export async function lockShipment(tx: Tx, productOrderId: string, shipmentId: number): Promise<Locked> {
  const header = await lockOrder(tx, productOrderId);
  await tx.$queryRaw`SELECT "shipmentId" FROM "Shipment" WHERE "shipmentId" = ${shipmentId}::int FOR UPDATE`;
  const shipment = await tx.shipment.findUniqueOrThrow({ where: { shipmentId } });
  return { header, shipment };
}

/**
 * A courier's word acts with the owner's authority, as a gateway's word on a payment does: the
 * refund of a parcel that came back goes out at once, as the owner's own cancel does.
 */
export function courierContext(db: Db, services: Services): RoleAwareContext {
  return { db, services, auth: { role: "admin", adminId: 0 }, adminRole: "owner", clientIp: "courier" };
}

const clip = (text: string | null | undefined, max: number): string | null => (text ? text.trim().slice(0, max) || null : null);

/** The courier's word upper-cased, or its code when it sent only a number. */
const wordOf = (e: TrackingEvent): string => (e.courierStatus ?? "").trim().toUpperCase() || (e.courierStatusId != null ? `#${e.courierStatusId}` : "");

/** A courier's scans and its current status as events, each keyed by (shipment, the courier's word, its time). */
export function courierEvents(shipmentId: number, courier: Courier, update: TrackingUpdate): IncomingEvent[] {
  const all: TrackingEvent[] = [...update.scans, ...(update.current ? [update.current] : [])];
  return all
    .filter((e) => e.at instanceof Date && !Number.isNaN(e.at.getTime()))
    .map((e) => ({
      at: e.at,
      status: mapCourierStatus(courier, e.courierStatus, e.courierStatusId),
      courierStatus: clip(e.courierStatus, 120),
      location: clip(e.location, 200),
      remark: clip(e.remark, 500),
      dedupKey: `${shipmentId}|${wordOf(e)}|${e.at.toISOString()}`.slice(0, 300),
    }));
}

/**
 * Stores the new events of the locked shipment and applies them in time order. A new event moves
 * the shipment when it is not older than the current status (a parcel still "Created" has had no
 * courier event yet, so any time will do) and the move is allowed; a newer NDR scan while in NDR is
 * another failed attempt. Each move moves the box's lines; the buyer gets one message for the
 * last step they hear about.
 */
export async function applyEvents(
  ctx: RoleAwareContext,
  tx: Tx,
  { header, shipment }: Locked,
  events: readonly IncomingEvent[],
  opts: { source: EventSource; actor: string; expectedDeliveryDate?: Date | null },
): Promise<Applied> {
  const unique = [...new Map(events.map((e) => [e.dedupKey, e])).values()];
  const known = new Set(
    (await tx.shipmentEvent.findMany({ where: { dedupKey: { in: unique.map((e) => e.dedupKey) } }, select: { dedupKey: true } })).map((e) => e.dedupKey),
  );
  const fresh = unique.filter((e) => !known.has(e.dedupKey)).sort((a, b) => a.at.getTime() - b.at.getTime());
  await tx.shipmentEvent.createMany({
    data: fresh.map((e) => ({ shipmentId: shipment.shipmentId, ...e, source: opts.source })),
    skipDuplicates: true,
  });

  let status = shipment.status as ShipmentStatus;
  let statusAt = shipment.statusAt;
  const ndr = { attempts: shipment.ndrAttempts, reason: shipment.ndrReason, lastAttemptAt: shipment.ndrLastAttemptAt, cleared: false };
  const reached: ShipmentStatus[] = [];
  /** the last step of this batch the buyer hears about (a newer NDR attempt counts again); a return that follows silences it */
  let tell: ShipmentStatus | null = null;
  for (const e of fresh) {
    if (!e.status) continue;
    const inTime = status === "Created" || e.at.getTime() >= statusAt.getTime();
    const anotherAttempt = e.status === "NDR" && status === "NDR" && e.at.getTime() > statusAt.getTime();
    if (!anotherAttempt && !(inTime && checkShipmentMove(status, e.status).ok)) continue;
    if (!anotherAttempt) reached.push(e.status);
    status = e.status;
    statusAt = e.at;
    if (isMessaged(e.status)) tell = e.status;
    else if (e.status === "RTO initiated" || e.status === "RTO delivered" || e.status === "Cancelled") tell = null;
    if (e.status === "NDR") {
      ndr.attempts++;
      ndr.reason = clip(e.remark ?? e.courierStatus, 300);
      ndr.lastAttemptAt = e.at;
      ndr.cleared = true;
    }
  }

  let restocked = false;
  const refundIds: number[] = [];
  let current = header;
  for (const step of reached) {
    const moved = await moveBoxLines(ctx, tx, current, shipment.shipmentId, step, opts.actor);
    current = moved.header;
    restocked ||= moved.restocked;
    refundIds.push(...moved.refundIds);
  }
  // a box cancelled at the courier before pickup: its lines wait for another box
  if (reached.includes("Cancelled")) await tx.productOrder.updateMany({ where: { shipmentId: shipment.shipmentId }, data: { shipmentId: null } });

  const fromCourier = opts.source !== "admin";
  await tx.shipment.update({
    where: { shipmentId: shipment.shipmentId },
    data: {
      status,
      statusAt,
      ...(fromCourier && fresh.length > 0 ? { lastCourierEventAt: new Date() } : {}),
      ...(opts.expectedDeliveryDate ? { expectedDeliveryDate: opts.expectedDeliveryDate } : {}),
      // a new failed attempt asks for a new decision
      ...(ndr.cleared
        ? {
            ndrAttempts: ndr.attempts,
            ndrReason: ndr.reason,
            ndrLastAttemptAt: ndr.lastAttemptAt,
            ndrAction: null,
            ndrActionAt: null,
            ndrActionBy: null,
            ndrPreferredDate: null,
          }
        : {}),
    },
  });
  if (tell) await queueShipmentMail(tx, ctx.services, current, { ...shipment, ndrReason: ndr.reason }, tell);
  return { applied: fresh.length, reached, restocked, refundIds };
}

/** After the transaction: the shop's pages learn of stock put back; a refund the owner's authority made goes to the gateway. */
async function afterApplied(ctx: RoleAwareContext, done: Applied, actor: string): Promise<void> {
  if (done.restocked) ctx.services.productEvents.changed();
  for (const refundId of done.refundIds) await sendNewRefund(ctx, refundId, actor);
}

/**
 * A courier's report on one AWB (its webhook, or the answer of a track call), applied once however
 * often it comes. An AWB this store never booked with that courier is ignored (the webhook answers
 * 200 so the courier stops retrying).
 */
export async function applyTrackingUpdate(
  db: Db,
  services: Services,
  input: { courier: Courier; update: TrackingUpdate; source: "webhook" | "courier" },
): Promise<{ applied: number; ignored: boolean }> {
  const awb = input.update.awb.trim();
  const found = await db.shipment.findFirst({
    where: { courier: input.courier, awb: { in: [...new Set([awb, awb.toUpperCase()])] } },
    select: { shipmentId: true, productOrderId: true },
  });
  if (!found) return { applied: 0, ignored: true };
  const ctx = courierContext(db, services);
  const actor = `${input.courier} ${input.source === "webhook" ? "webhook" : "tracking"}`;
  const events = courierEvents(found.shipmentId, input.courier, input.update);
  const done = await db.$transaction(async (tx) => {
    const locked = await lockShipment(tx, found.productOrderId, found.shipmentId);
    return applyEvents(ctx, tx, locked, events, { source: input.source, actor, expectedDeliveryDate: input.update.expectedDeliveryDate });
  }, STOCK_TX_OPTIONS);
  await afterApplied(ctx, done, actor);
  return { applied: done.applied, ignored: false };
}

/** The shipment's order, or the same 404 as a missing shipment. */
export async function shipmentOrder(db: Db, shipmentId: number): Promise<{ productOrderId: string; courier: string; awb: string; status: string }> {
  const found = await db.shipment.findUnique({ where: { shipmentId }, select: { productOrderId: true, courier: true, awb: true, status: true } });
  if (!found) throw new StoreError(404, "NOT_FOUND", `Shipment ${shipmentId} was not found.`);
  return found;
}

/** a step dated this far ahead of the server's clock is a typing mistake */
const FUTURE_SLACK_MS = 5 * 60_000;

/**
 * `POST /shipments/{shipmentId}/events` (admin): one step typed by hand, applied as a courier's scan
 * is, but a step the status order refuses is a 409 STATUS_ORDER instead of being kept aside.
 * Cancelling goes through the Cancel action, which also tells the courier.
 */
export async function recordAdminEvent(
  ctx: RoleAwareContext,
  input: { shipmentId: number; status: ShipmentStatus; at?: Date | undefined; location?: string | undefined; remark?: string | undefined },
): Promise<ShipmentOutput> {
  const { shipmentId, status } = input;
  if (status === "Cancelled") {
    throw new StoreError(
      400,
      "BAD_REQUEST",
      `Cancel shipment ${shipmentId} with its Cancel action (POST /shipments/${shipmentId}/cancel), which also cancels it with the courier.`,
    );
  }
  const now = new Date();
  const at = input.at ?? now;
  if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) throw new StoreError(400, "BAD_REQUEST", "The step's time (at) cannot be in the future.");
  const found = await shipmentOrder(ctx.db, shipmentId);
  const actor = actorOf(ctx.auth);
  const done = await ctx.db.$transaction(async (tx) => {
    const locked = await lockShipment(tx, found.productOrderId, shipmentId);
    const from = locked.shipment.status as ShipmentStatus;
    const move = checkShipmentMove(from, status);
    if (!move.ok) throw new StoreError(409, "STATUS_ORDER", `Shipment ${shipmentId} ${move.reason}.`);
    if (from !== "Created" && at.getTime() < locked.shipment.statusAt.getTime()) {
      throw new StoreError(
        409,
        "STATUS_ORDER",
        `Shipment ${shipmentId} became ${from} at ${locked.shipment.statusAt.toISOString()}; a later step cannot be dated before that.`,
      );
    }
    const event: IncomingEvent = {
      at,
      status,
      courierStatus: null,
      location: clip(input.location, 200),
      remark: clip(input.remark, 500),
      dedupKey: `${shipmentId}|admin|${status}|${at.toISOString()}`,
    };
    const applied = await applyEvents(ctx, tx, locked, [event], { source: "admin", actor });
    if (!applied.reached.includes(status))
      throw new StoreError(409, "STATUS_ORDER", `Shipment ${shipmentId} already has a ${status} step at ${at.toISOString()}.`);
    return applied;
  }, STOCK_TX_OPTIONS);
  await afterApplied(ctx, done, actor);
  return loadShipmentOutput(ctx.db, shipmentId);
}
