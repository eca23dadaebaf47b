// Shipments (issue 28, contracts/shipments.md "Admin endpoints"): putting an order's lines in a box
// with a courier and its AWB, the order's shipments for its buyer, the back office's list, one
// shipment, and cancelling a box before the courier picks it up. What happens after pickup
// (scans, steps, NDR) is tracking.ts's.
import { type Prisma, type Db, type ProductOrderModel } from "@store/db";
import { checkShipmentMove, courierTrackingPage, istDayEnd, istDayStart, needsEwayBill, storeTrackingPage, toRupees, type ShipmentStatus } from "@store/domain";
import { PAGE_SIZE, type CreateShipmentInput } from "@store/validators";
import type { z } from "zod";
import type { shipmentListInput } from "@store/validators";
import type { AuthedContext } from "../platform/context-guards.ts";
import { isUniqueViolation, StoreError } from "../platform/errors.ts";
import { orderReader } from "../guest/order-access.ts";
import type { Context } from "../context.ts";
import { actorOf, lockOrder } from "../payments/payment-status.ts";
import { CourierError, type CourierAdapter, type CourierShipment } from "./couriers/port.ts";
import { shipmentSelect, toShipmentOutput, type ShipmentOutput } from "./serializers.ts";
import { assertCodConfirmed } from "../orders/cod-confirmation.ts";
import { buildCourierBooking, codAmountPaise, DEFAULT_BOX, invoiceValuePaise, packedWeightGrams } from "./shipment-booking.ts";

type Tx = Prisma.TransactionClient;
type Reader = Db | Tx;
type ShipmentListInput = z.infer<typeof shipmentListInput>;

/** a courier call happens inside the transaction that holds the order's lock */
const COURIER_TX = { timeout: 30_000, maxWait: 30_000 } as const;

const notFound = (shipmentId: number) => new StoreError(404, "NOT_FOUND", `Shipment ${shipmentId} was not found.`);
const awbTaken = (courierName: string, awb: string) =>
  new StoreError(409, "AWB_TAKEN", `AWB ${awb} is already on another shipment with ${courierName}. Check the number on the courier's slip.`);

const courierError = (error: CourierError) => new StoreError(502, "COURIER_ERROR", `The courier answered: ${error.message}`, { cause: error });

// ---------------------------------------------------------------- answers

/** Shipments as the API answers them, each with the lines in its box (one query for all). */
async function answer(db: Reader, rows: Prisma.ShipmentGetPayload<{ select: typeof shipmentSelect }>[]): Promise<ShipmentOutput[]> {
  if (rows.length === 0) return [];
  const lines = await db.productOrder.findMany({
    where: { shipmentId: { in: rows.map((r) => r.shipmentId) } },
    select: { orderId: true, shipmentId: true },
    orderBy: { orderId: "asc" },
  });
  const linesOf = new Map<number, number[]>();
  for (const l of lines) if (l.shipmentId !== null) linesOf.set(l.shipmentId, [...(linesOf.get(l.shipmentId) ?? []), l.orderId]);
  return rows.map((r) => toShipmentOutput(r, linesOf.get(r.shipmentId) ?? []));
}

/** One shipment as the API answers it, or a 404. */
export async function loadShipmentOutput(db: Reader, shipmentId: number): Promise<ShipmentOutput> {
  const row = await db.shipment.findUnique({ where: { shipmentId }, select: shipmentSelect });
  if (!row) throw notFound(shipmentId);
  const [out] = await answer(db, [row]);
  return out!;
}

// ---------------------------------------------------------------- create

type Line = ProductOrderModel;

/** The lines this box takes: the ones named, each refused when it cannot go; or every line still waiting. */
function pickLines(lines: readonly Line[], named: readonly number[] | undefined, productOrderId: string): Line[] {
  if (!named) {
    // a delivered line (moved by a legacy status call) is not waiting for a box either
    const waiting = lines.filter((l) => l.shipmentId === null && l.orderStatus !== "Cancelled" && l.orderStatus !== "Completed");
    if (waiting.length === 0) throw nothingLeft(productOrderId);
    return waiting;
  }
  const byId = new Map(lines.map((l) => [l.orderId, l]));
  const picked: Line[] = [];
  for (const orderId of new Set(named)) {
    const line = byId.get(orderId);
    if (!line) throw notShippable(`Line ${orderId} is not part of order ${productOrderId}.`);
    if (line.orderStatus === "Cancelled") throw notShippable(`Line ${orderId} (${line.productName}) is cancelled, so it cannot be shipped.`);
    if (line.orderStatus === "Completed") throw notShippable(`Line ${orderId} (${line.productName}) is already delivered, so it cannot be shipped.`);
    if (line.shipmentId !== null) throw notShippable(`Line ${orderId} (${line.productName}) is already in shipment ${line.shipmentId}.`);
    picked.push(line);
  }
  return picked.sort((a, b) => a.orderId - b.orderId);
}
const notShippable = (message: string) => new StoreError(409, "LINE_NOT_SHIPPABLE", message);
const nothingLeft = (productOrderId: string) =>
  notShippable(`Order ${productOrderId} has nothing left to ship: every line is cancelled, delivered or already in a shipment.`);

async function assertAwbFree(tx: Tx, courier: string, courierName: string, awb: string) {
  const taken = await tx.shipment.findUnique({ where: { courier_awb: { courier, awb } }, select: { shipmentId: true } });
  if (taken) throw awbTaken(courierName, awb);
}

const latest = (dates: readonly Date[]): Date | null => dates.reduce<Date | null>((max, d) => (max === null || d > max ? d : max), null);

/** The courier's side of a new box: an adapter books it and names the AWB; `manual` has the owner's. */
interface CourierSide {
  courierName: string;
  awb: string;
  trackingUrl: string;
  labelUrl: string | null;
  providerOrderId: string | null;
  providerShipmentId: string | null;
  expectedDeliveryDate: Date | null;
  size: { lengthCm: number | null; breadthCm: number | null; heightCm: number | null };
}

export async function createShipment(ctx: AuthedContext, input: CreateShipmentInput): Promise<ShipmentOutput> {
  const adapter: CourierAdapter | null = input.courier === "manual" ? null : ctx.services.couriers[input.courier];
  if (input.courier !== "manual" && !adapter) {
    throw new StoreError(
      400,
      "COURIER_NOT_CONFIGURED",
      `The courier ${input.courier} is not set up on this store (SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD). Ship with courier "manual" and the AWB from the courier's slip.`,
    );
  }
  const { productOrderId } = input;
  const storeTracking = (awb: string) => storeTrackingPage(ctx.services.mail.publicUrl, awb);
  // what the courier booked, so that a failure after it can give the AWB back
  let booked: CourierShipment | null = null;
  try {
    const shipmentId = await ctx.db.$transaction(async (tx) => {
      const order = await lockOrder(tx, productOrderId);
      // issue 29: a COD order waiting for (or past) its buyer's OTP is not shipped
      assertCodConfirmed(order);
      const lines = await tx.productOrder.findMany({ where: { productOrderId }, orderBy: { orderId: "asc" } });
      const box = pickLines(lines, input.orderIds, productOrderId);
      if (needsEwayBill(invoiceValuePaise(box)) && !input.ewayBillNumber) {
        throw new StoreError(
          400,
          "EWAY_BILL_REQUIRED",
          `This box is worth ₹${toRupees(invoiceValuePaise(box)).toLocaleString("en-IN")}, over ₹50,000: the courier needs its 12-digit e-way bill number (ewayBillNumber).`,
        );
      }
      const earlier = await tx.shipment.findMany({ where: { productOrderId }, select: { status: true } });
      // the COD fee is collected once, with the order's first box that was not cancelled
      const cod = codAmountPaise(
        order,
        box,
        earlier.every((s) => s.status === "Cancelled"),
      );
      const weightGrams = input.weightGrams ?? (await packedWeightGrams(tx, box));
      const lineDelivery = latest(box.map((l) => l.deliveryDate));

      let side: CourierSide;
      if (adapter) {
        const size = {
          lengthCm: input.lengthCm ?? DEFAULT_BOX.lengthCm,
          breadthCm: input.breadthCm ?? DEFAULT_BOX.breadthCm,
          heightCm: input.heightCm ?? DEFAULT_BOX.heightCm,
        };
        const booking = await buildCourierBooking(tx, {
          order,
          lines: box,
          boxNumber: earlier.length + 1,
          codAmountPaise: cod,
          weightGrams,
          size,
          ewayBillNumber: input.ewayBillNumber,
        });
        try {
          booked = await adapter.book(booking);
        } catch (error) {
          if (error instanceof CourierError) throw courierError(error);
          throw error;
        }
        await assertAwbFree(tx, input.courier, booked.courierName, booked.awb);
        side = {
          courierName: booked.courierName,
          awb: booked.awb,
          trackingUrl: booked.trackingUrl ?? courierTrackingPage(booked.courierName, booked.awb) ?? storeTracking(booked.awb),
          labelUrl: booked.labelUrl,
          providerOrderId: booked.providerOrderId,
          providerShipmentId: booked.providerShipmentId,
          expectedDeliveryDate: booked.expectedDeliveryDate ?? lineDelivery,
          size,
        };
      } else {
        // the validators require both for manual
        const awb = input.awb!;
        const courierName = input.courierName!;
        await assertAwbFree(tx, "manual", courierName, awb);
        side = {
          courierName,
          awb,
          trackingUrl: courierTrackingPage(courierName, awb) ?? storeTracking(awb),
          labelUrl: null,
          providerOrderId: null,
          providerShipmentId: null,
          expectedDeliveryDate: lineDelivery,
          size: { lengthCm: input.lengthCm ?? null, breadthCm: input.breadthCm ?? null, heightCm: input.heightCm ?? null },
        };
      }

      const now = new Date();
      const shipment = await tx.shipment
        .create({
          data: {
            productOrderId,
            courier: input.courier,
            courierName: side.courierName,
            awb: side.awb,
            trackingUrl: side.trackingUrl,
            labelUrl: side.labelUrl,
            providerOrderId: side.providerOrderId,
            providerShipmentId: side.providerShipmentId,
            weightGrams,
            ...side.size,
            status: "Created",
            statusAt: now,
            expectedDeliveryDate: side.expectedDeliveryDate,
            ewayBillNumber: input.ewayBillNumber ?? null,
            codAmount: cod,
            paymentMethod: order.paymentMethod,
          },
          select: { shipmentId: true },
        })
        .catch((error: unknown) => {
          // another box took this AWB between the check and the insert
          throw isUniqueViolation(error) ? awbTaken(side.courierName, side.awb) : error;
        });
      await tx.shipmentEvent.create({
        data: {
          shipmentId: shipment.shipmentId,
          at: now,
          status: "Created",
          source: "admin",
          remark: `Shipment created with ${side.courierName}, AWB ${side.awb}`,
          dedupKey: `${shipment.shipmentId}|created`,
        },
      });
      await tx.productOrder.updateMany({ where: { orderId: { in: box.map((l) => l.orderId) } }, data: { shipmentId: shipment.shipmentId } });
      return shipment.shipmentId;
    }, COURIER_TX);
    return await loadShipmentOutput(ctx.db, shipmentId);
  } catch (error) {
    // nothing was saved: no AWB may stay booked at the courier without its shipment
    const made = booked as CourierShipment | null;
    if (made && adapter) await adapter.cancel({ awb: made.awb, providerOrderId: made.providerOrderId }).catch(() => undefined);
    throw isUniqueViolation(error) && made ? awbTaken(made.courierName, made.awb) : error;
  }
}

// ---------------------------------------------------------------- read

/** The order's shipments, newest first, for its customer or an admin; anyone else is answered as for a missing order. */
export async function orderShipments(ctx: Context, productOrderId: string) {
  await orderReader(ctx, productOrderId);
  const rows = await ctx.db.shipment.findMany({ where: { productOrderId }, select: shipmentSelect, orderBy: [{ createdAt: "desc" }, { shipmentId: "desc" }] });
  return { productOrderId, shipments: await answer(ctx.db, rows) };
}

/** The back office's list: NDRs first (they need a decision within a day), then newest. */
export async function listShipments(ctx: Pick<AuthedContext, "db">, query: ShipmentListInput) {
  const search = query.search.trim();
  const where: Prisma.ShipmentWhereInput = {
    ...(query.courier ? { courier: query.courier } : {}),
    ...(query.from || query.to
      ? { createdAt: { ...(query.from ? { gte: istDayStart(query.from) } : {}), ...(query.to ? { lt: istDayEnd(query.to) } : {}) } }
      : {}),
    ...(search ? { OR: [{ awb: { contains: search, mode: "insensitive" } }, { productOrderId: { contains: search, mode: "insensitive" } }] } : {}),
  };
  const ndrWhere: Prisma.ShipmentWhereInput = query.status && query.status !== "NDR" ? { shipmentId: -1 } : { ...where, status: "NDR" };
  const restWhere: Prisma.ShipmentWhereInput = query.status === "NDR" ? { shipmentId: -1 } : { ...where, status: query.status ?? { not: "NDR" } };
  const [ndrCount, restCount] = await Promise.all([ctx.db.shipment.count({ where: ndrWhere }), ctx.db.shipment.count({ where: restWhere })]);
  // the page spans the NDR rows, then the others
  const skip = (query.page - 1) * PAGE_SIZE;
  const newest = [{ createdAt: "desc" }, { shipmentId: "desc" }] satisfies Prisma.ShipmentOrderByWithRelationInput[];
  const ndrTake = Math.max(0, Math.min(PAGE_SIZE, ndrCount - skip));
  const restTake = PAGE_SIZE - ndrTake;
  const [ndrRows, restRows] = await Promise.all([
    ndrTake > 0 ? ctx.db.shipment.findMany({ where: ndrWhere, select: shipmentSelect, orderBy: newest, skip, take: ndrTake }) : Promise.resolve([]),
    restTake > 0
      ? ctx.db.shipment.findMany({ where: restWhere, select: shipmentSelect, orderBy: newest, skip: Math.max(0, skip - ndrCount), take: restTake })
      : Promise.resolve([]),
  ]);
  return { items: await answer(ctx.db, [...ndrRows, ...restRows]), total: ndrCount + restCount, page: query.page, pageSize: PAGE_SIZE };
}

export const getShipment = (ctx: Pick<AuthedContext, "db">, shipmentId: number) => loadShipmentOutput(ctx.db, shipmentId);

// ---------------------------------------------------------------- cancel

/** Cancels a box the courier has not picked up: at the courier first (an adapter), then here; its lines await shipment again. */
export async function cancelShipment(ctx: AuthedContext, shipmentId: number): Promise<ShipmentOutput> {
  const found = await ctx.db.shipment.findUnique({ where: { shipmentId }, select: { productOrderId: true } });
  if (!found) throw notFound(shipmentId);
  await ctx.db.$transaction(async (tx) => {
    // the order first, as every order change does, then the shipment
    await lockOrder(tx, found.productOrderId);
    await tx.$queryRaw`SELECT "shipmentId" FROM "Shipment" WHERE "shipmentId" = ${shipmentId}::int FOR UPDATE`;
    const shipment = await tx.shipment.findUniqueOrThrow({ where: { shipmentId } });
    const move = checkShipmentMove(shipment.status as ShipmentStatus, "Cancelled");
    if (!move.ok) throw new StoreError(409, "STATUS_ORDER", `Shipment ${shipmentId} ${move.reason}.`);
    if (shipment.courier !== "manual") {
      const adapter = ctx.services.couriers.shiprocket;
      if (!adapter) {
        throw new StoreError(
          400,
          "COURIER_NOT_CONFIGURED",
          `Shipment ${shipmentId} was booked with ${shipment.courier}, which is no longer set up here: cancel it there first.`,
        );
      }
      try {
        await adapter.cancel({ awb: shipment.awb, providerOrderId: shipment.providerOrderId });
      } catch (error) {
        if (error instanceof CourierError) throw courierError(error);
        throw error;
      }
    }
    const now = new Date();
    await tx.shipment.update({ where: { shipmentId }, data: { status: "Cancelled", statusAt: now } });
    await tx.shipmentEvent.create({
      data: {
        shipmentId,
        at: now,
        status: "Cancelled",
        source: "admin",
        remark: `Cancelled before pickup by ${actorOf(ctx.auth)}; its lines await shipment again`,
        dedupKey: `${shipmentId}|cancelled`,
      },
    });
    await tx.productOrder.updateMany({ where: { shipmentId }, data: { shipmentId: null } });
  }, COURIER_TX);
  return loadShipmentOutput(ctx.db, shipmentId);
}
