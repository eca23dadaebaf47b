// The PIN-code directory (issue 27, contracts/delivery.md): the public lookup that fills address
// forms, and the owner's list of it.
import { PAGE_SIZE, type PincodeListInput } from "@store/validators";
import type { Prisma } from "@store/db";
import type { Context } from "../context.ts";
import { StoreError } from "../platform/errors.ts";
import { likeText } from "../catalogue/search.ts";

const placeSelect = { pincode: true, city: true, district: true, stateCode: true, stateName: true } as const;
export const pincodeSelect = { ...placeSelect, serviceable: true, cod: true, etaDays: true, source: true, updatedAt: true } as const;

/** A PIN code's place, from the primary key. */
export async function lookupPincode(ctx: Pick<Context, "db">, pincode: string) {
  const place = await ctx.db.pincode.findUnique({ where: { pincode }, select: placeSelect });
  if (!place) throw new StoreError(404, "PINCODE_UNKNOWN", `We do not know the PIN code ${pincode}. Please check it.`);
  return place;
}

/** Digits search by PIN-code prefix (the primary key's order); words by city or district name. */
function listWhere(input: PincodeListInput): Prisma.PincodeWhereInput {
  const where: Prisma.PincodeWhereInput = input.serviceable === undefined ? {} : { serviceable: input.serviceable };
  const q = input.search;
  if (q === "") return where;
  if (/^\d{1,6}$/.test(q)) return { ...where, pincode: { startsWith: q } };
  const name = { contains: likeText(q), mode: "insensitive" as const };
  return { ...where, OR: [{ city: name }, { district: name }] };
}

export async function pincodePage(ctx: Pick<Context, "db">, input: PincodeListInput) {
  const where = listWhere(input);
  const [items, total] = await Promise.all([
    ctx.db.pincode.findMany({ where, orderBy: { pincode: "asc" }, skip: (input.page - 1) * PAGE_SIZE, take: PAGE_SIZE, select: pincodeSelect }),
    ctx.db.pincode.count({ where }),
  ]);
  return { items, total, page: input.page, pageSize: PAGE_SIZE };
}
