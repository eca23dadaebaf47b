// The owner's delivery zones (issue 27, contracts/delivery.md): list, add, change (partially), remove.
// Two zones may not have the same match, whatever order or repeats it is written in: the unique
// ShippingZone.matchKey decides, also between two writes at the same moment, and its violation is
// 409 ZONE_OVERLAP. The storefront shows delivery terms, so its cached pages go after each write.
import { type Prisma } from "@store/db";
import { matchKey, toPaise, toRupees } from "@store/domain";
import { ZONE_ETA_ORDER, type ZoneCreate, type ZoneUpdate } from "@store/validators";
import type { Context } from "../context.ts";
import { isUniqueViolation, StoreError } from "../platform/errors.ts";
import { fieldRefusal } from "../catalogue/field-refusal.ts";

export const zoneSelect = {
  zoneId: true,
  name: true,
  match: true,
  fee: true,
  etaDaysMin: true,
  etaDaysMax: true,
  codAllowed: true,
  position: true,
} as const;
export type ZoneRow = Prisma.ShippingZoneGetPayload<{ select: typeof zoneSelect }>;

/** The stored comma-separated match as its list ("" = the default zone's empty list). */
export const matchList = (stored: string): string[] => (stored === "" ? [] : stored.split(","));

/** A zone as the API speaks it: the match as a list, the fee in rupees. */
export const toZoneOutput = (z: ZoneRow) => ({ ...z, match: matchList(z.match), fee: toRupees(z.fee) });

/** Every zone, in the order the owner arranged them. */
export async function listZones(ctx: Pick<Context, "db">) {
  const zones = await ctx.db.shippingZone.findMany({ select: zoneSelect, orderBy: [{ position: "asc" }, { zoneId: "asc" }] });
  return zones.map(toZoneOutput);
}

async function overlap(ctx: Pick<Context, "db">, key: string): Promise<StoreError> {
  const other = await ctx.db.shippingZone.findUnique({ where: { matchKey: key }, select: { name: true } });
  const name = other ? `"${other.name}"` : "Another zone";
  const message =
    key === ""
      ? `${name} is already the default zone (the one with an empty match). A store has one default zone: change that one instead.`
      : `${name} already matches exactly ${key.replaceAll(",", ", ")}. Two zones cannot have the same match: change one of them.`;
  return new StoreError(409, "ZONE_OVERLAP", message);
}

/** Runs a zone write; a match another zone holds (even one written at the same moment) becomes 409 ZONE_OVERLAP. */
async function writing<T>(ctx: Context, key: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    ctx.services.productEvents.changed();
    return result;
  } catch (error) {
    if (key !== undefined && isUniqueViolation(error)) throw await overlap(ctx, key);
    throw error;
  }
}

const notFound = (zoneId: number) => new StoreError(404, "NOT_FOUND", `Delivery zone ${zoneId} was not found.`);

/** POST /shipping/zones: a new zone, after the last one unless a position is given. */
export async function createZone(ctx: Context, input: ZoneCreate) {
  const key = matchKey(input.match);
  return writing(ctx, key, async () => {
    const last = await ctx.db.shippingZone.aggregate({ _max: { position: true } });
    const zone = await ctx.db.shippingZone.create({
      data: {
        name: input.name,
        match: input.match.join(","),
        matchKey: key,
        fee: toPaise(input.fee),
        etaDaysMin: input.etaDaysMin,
        etaDaysMax: input.etaDaysMax,
        codAllowed: input.codAllowed,
        position: input.position ?? (last._max.position ?? -1) + 1,
      },
      select: zoneSelect,
    });
    return toZoneOutput(zone);
  });
}

/** POST /shipping/zones/{zoneId}: what is sent changes, the rest keeps its value. */
export async function updateZone(ctx: Context, input: ZoneUpdate) {
  const { zoneId, match, fee, ...rest } = input;
  const key = match !== undefined ? matchKey(match) : undefined;
  return writing(ctx, key, () =>
    ctx.db.$transaction(async (tx) => {
      const stored = await tx.shippingZone.findUnique({ where: { zoneId }, select: zoneSelect });
      if (!stored) throw notFound(zoneId);
      if ((rest.etaDaysMin ?? stored.etaDaysMin) > (rest.etaDaysMax ?? stored.etaDaysMax))
        throw fieldRefusal(rest.etaDaysMax !== undefined ? "etaDaysMax" : "etaDaysMin", ZONE_ETA_ORDER);
      const zone = await tx.shippingZone.update({
        where: { zoneId },
        data: {
          ...rest,
          ...(match !== undefined ? { match: match.join(","), matchKey: key } : {}),
          ...(fee !== undefined ? { fee: toPaise(fee) } : {}),
        },
        select: zoneSelect,
      });
      return toZoneOutput(zone);
    }),
  );
}

/** DELETE /shipping/zones/{zoneId}. Orders keep what they were charged; a PIN code only this zone served is no longer delivered to. */
export async function removeZone(ctx: Context, zoneId: number) {
  return writing(ctx, undefined, async () => {
    const removed = await ctx.db.shippingZone.deleteMany({ where: { zoneId } });
    if (removed.count === 0) throw notFound(zoneId);
    return { success: true, message: `Delivery zone ${zoneId} was removed.` };
  });
}
