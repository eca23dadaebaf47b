// The `tracking-poll` job (contracts/shipments.md "Courier updates"): a webhook can be lost, so a
// parcel not yet at its end that no courier event has reached for 6 hours is asked after through its
// adapter's track call, and the answer is applied exactly as a webhook's (tracking.ts): events
// already known change nothing, so a second run, or two servers at once, double nothing.
import { FINAL_SHIPMENT_STATUSES, type Courier } from "@store/domain";
import { Prisma, type Db } from "@store/db";
import type { Services } from "../context.ts";
import type { CourierAdapter } from "./couriers/port.ts";
import { applyTrackingUpdate } from "./tracking.ts";

/** how long a parcel may go without a courier event, and between two asks */
export const POLL_AFTER_MS = 6 * 3600_000;
/** shipments claimed at a time */
const ROUND = 20;

export interface PollDeps {
  db: Db;
  services: Services;
  log: { warn(details: object, message: string): void };
}

/** The couriers with an adapter this server can ask. */
function adapters(services: Services): Map<Courier, CourierAdapter> {
  const configured = new Map<Courier, CourierAdapter>();
  if (services.couriers.shiprocket) configured.set("shiprocket", services.couriers.shiprocket);
  return configured;
}

/**
 * Claims up to ROUND shipments due for a poll by stamping lastPolledAt in one statement; rows another
 * server is claiming are skipped (SKIP LOCKED), so no parcel is asked after twice at once.
 */
async function claimDue(db: Db, couriers: readonly Courier[], now: Date) {
  const cutoff = new Date(now.getTime() - POLL_AFTER_MS);
  return db.$queryRaw<{ shipmentId: number; courier: Courier; awb: string }[]>`
    UPDATE "Shipment" SET "lastPolledAt" = ${now}::timestamp(3)
    WHERE "shipmentId" IN (
      SELECT "shipmentId" FROM "Shipment"
      WHERE "courier" IN (${Prisma.join(couriers)})
        AND "status" NOT IN (${Prisma.join(FINAL_SHIPMENT_STATUSES)})
        AND ("lastCourierEventAt" IS NULL OR "lastCourierEventAt" < ${cutoff}::timestamp(3))
        AND ("lastPolledAt" IS NULL OR "lastPolledAt" < ${cutoff}::timestamp(3))
      ORDER BY "lastPolledAt" NULLS FIRST, "shipmentId"
      LIMIT ${ROUND}
      FOR UPDATE SKIP LOCKED)
    RETURNING "shipmentId", "courier", "awb"`;
}

/**
 * One run: every due shipment is asked once. A courier that fails for one parcel is logged and the
 * others go on; that parcel is asked again after POLL_AFTER_MS. Answers how many were brought up to date.
 */
export async function pollTracking({ db, services, log }: PollDeps, opts: { now?: Date; signal?: AbortSignal } = {}): Promise<number> {
  const byCourier = adapters(services);
  if (byCourier.size === 0) return 0;
  const now = opts.now ?? new Date();
  let polled = 0;
  for (;;) {
    const due = await claimDue(db, [...byCourier.keys()], now);
    for (const shipment of due) {
      const adapter = byCourier.get(shipment.courier)!;
      try {
        const update = await adapter.track(shipment.awb);
        await applyTrackingUpdate(db, services, { courier: shipment.courier, update: { ...update, awb: shipment.awb }, source: "courier" });
        polled++;
      } catch (error) {
        log.warn(
          { shipmentId: shipment.shipmentId, awb: shipment.awb, courier: shipment.courier, err: error instanceof Error ? error.message : String(error) },
          "tracking-poll: could not bring this shipment up to date; it is asked again in 6 hours",
        );
      }
      if (opts.signal?.aborted) return polled;
    }
    if (due.length < ROUND) return polled;
  }
}
