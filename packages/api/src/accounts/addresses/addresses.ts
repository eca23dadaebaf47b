// The address book (issue 29, contracts/guest-and-addresses.md): a customer's up to 10 delivery
// addresses, one of them the default. The default is also the profile's address: every change here
// copies it onto the Customer's own address fields (which legacy clients and older code read), and a
// profile save (POST /customers/update/{customerId}) edits the default (writeProfileAddress).
import type { CustomerAddressModel, Prisma } from "@store/db";
import type { AddressCreate, AddressUpdate } from "@store/validators";
import type { CustomerContext } from "../../platform/context-guards.ts";
import { StoreError } from "../../platform/errors.ts";
import { assertStateMatchesPincode } from "../../delivery/pincode-state.ts";
import { toAddressOutput } from "./serializers.ts";

type Tx = Prisma.TransactionClient;

export const MAX_ADDRESSES = 10;

/**
 * Every change of a customer's book runs holding its Customer row: two adds at once cannot both see 9
 * addresses, and two changes of the default cannot both find none (the partial unique index on the
 * default would refuse the second with a 500).
 */
async function lockBook(tx: Tx, customerId: number): Promise<void> {
  const rows = await tx.$queryRaw<{ customerId: number }[]>`
    SELECT "customerId" FROM "Customer" WHERE "customerId" = ${customerId}::int FOR UPDATE`;
  if (rows.length === 0) throw new StoreError(404, "NOT_FOUND", "Your account was not found.");
}

/** The caller's address, else 404 (another customer's is answered as a missing one). */
async function ownAddress(tx: Tx, customerId: number, addressId: number): Promise<CustomerAddressModel> {
  const address = await tx.customerAddress.findFirst({ where: { addressId, customerId } });
  if (!address) throw new StoreError(404, "NOT_FOUND", `Address ${addressId} was not found.`);
  return address;
}

/** The Customer's own address fields become the default address's; without a default they stay as they were. */
export async function syncProfileWithDefault(tx: Tx, customerId: number): Promise<void> {
  const chosen = await tx.customerAddress.findFirst({ where: { customerId, isDefault: true } });
  if (!chosen) return;
  const { houseNo, areaAddress, city, pinCode, state, gstin } = chosen;
  await tx.customer.update({ where: { customerId }, data: { houseNo, areaAddress, city, pinCode, state, gstin } });
}

/** Makes `addressId` the default: the old default is unset first (one default per customer is a unique index). */
async function makeDefault(tx: Tx, customerId: number, addressId: number): Promise<void> {
  await tx.customerAddress.updateMany({ where: { customerId, isDefault: true, NOT: { addressId } }, data: { isDefault: false } });
  await tx.customerAddress.update({ where: { addressId }, data: { isDefault: true } });
  await syncProfileWithDefault(tx, customerId);
}

/** GET /customers/me/addresses: the default first, then the others in the order they were added. */
export async function listAddresses(ctx: CustomerContext) {
  const rows = await ctx.db.customerAddress.findMany({ where: { customerId: ctx.customerId }, orderBy: [{ isDefault: "desc" }, { addressId: "asc" }] });
  return rows.map(toAddressOutput);
}

/** POST /customers/me/addresses: the first address becomes the default. */
export async function addAddress(ctx: CustomerContext, input: AddressCreate) {
  const { customerId } = ctx;
  const row = await ctx.db.$transaction(async (tx) => {
    await lockBook(tx, customerId);
    const count = await tx.customerAddress.count({ where: { customerId } });
    if (count >= MAX_ADDRESSES) {
      throw new StoreError(400, "TOO_MANY_ADDRESSES", `You can keep at most ${MAX_ADDRESSES} addresses. Please delete one you no longer use.`);
    }
    await assertStateMatchesPincode(tx, { pincode: input.pinCode, state: input.state });
    const created = await tx.customerAddress.create({
      data: { ...input, label: input.label ?? "Home", landmark: input.landmark ?? null, gstin: input.gstin || null, customerId, isDefault: count === 0 },
    });
    if (created.isDefault) await syncProfileWithDefault(tx, customerId);
    return created;
  });
  return toAddressOutput(row);
}

/** POST /customers/me/addresses/{addressId}: the fields sent change; the PIN code and state must still agree. */
export async function updateAddress(ctx: CustomerContext, input: AddressUpdate & { addressId: number }) {
  const { customerId } = ctx;
  const { addressId, ...patch } = input;
  const row = await ctx.db.$transaction(async (tx) => {
    await lockBook(tx, customerId);
    const current = await ownAddress(tx, customerId, addressId);
    if (patch.pinCode !== undefined || patch.state !== undefined) {
      await assertStateMatchesPincode(tx, { pincode: patch.pinCode ?? current.pinCode, state: patch.state ?? current.state });
    }
    const updated = await tx.customerAddress.update({
      where: { addressId },
      data: { ...patch, ...(patch.gstin !== undefined ? { gstin: patch.gstin || null } : {}) },
    });
    if (updated.isDefault) await syncProfileWithDefault(tx, customerId);
    return updated;
  });
  return toAddressOutput(row);
}

/**
 * DELETE /customers/me/addresses/{addressId}. Deleting the default makes the most recently used remaining
 * address the default (never used: the newest). The last address may go too: the profile keeps its fields.
 */
export async function deleteAddress(ctx: CustomerContext, addressId: number) {
  const { customerId } = ctx;
  await ctx.db.$transaction(async (tx) => {
    await lockBook(tx, customerId);
    const gone = await ownAddress(tx, customerId, addressId);
    await tx.customerAddress.delete({ where: { addressId } });
    if (!gone.isDefault) return;
    const next = await tx.customerAddress.findFirst({
      where: { customerId },
      orderBy: [{ lastUsedAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }, { addressId: "desc" }],
      select: { addressId: true },
    });
    if (next) await makeDefault(tx, customerId, next.addressId);
  });
  return { success: true, message: "Address deleted." };
}

/** POST /customers/me/addresses/{addressId}/default */
export async function setDefaultAddress(ctx: CustomerContext, addressId: number) {
  const { customerId } = ctx;
  const row = await ctx.db.$transaction(async (tx) => {
    await lockBook(tx, customerId);
    await ownAddress(tx, customerId, addressId);
    await makeDefault(tx, customerId, addressId);
    return tx.customerAddress.findUniqueOrThrow({ where: { addressId } });
  });
  return toAddressOutput(row);
}

/** An order went to this address: it counts as the most recently used (the next default when the default goes). */
export async function markAddressUsed(tx: Tx, addressId: number | null, at = new Date()): Promise<void> {
  if (addressId === null) return;
  await tx.customerAddress.updateMany({ where: { addressId }, data: { lastUsedAt: at } });
}

/** The profile as saved: the account's name, phone, address and GSTIN. */
interface Profile {
  customerId: number;
  firstName: string;
  lastName: string;
  number: string;
  houseNo: string;
  areaAddress: string;
  city: string;
  pinCode: string;
  state: string;
  gstin: string | null;
}

const fullName = (p: Pick<Profile, "firstName" | "lastName">) => `${p.firstName} ${p.lastName}`.trim().slice(0, 121);

/**
 * A sign-up or a profile save (customer or admin), in its transaction after the Customer row was written:
 * the default address takes the profile's address and GSTIN, so legacy clients that edit "the" address keep
 * working. Its name and phone follow the profile's only where they were the profile's `before` (a default
 * addressed to someone else stays theirs). A customer without any address (a sign-up, or one who deleted
 * them all) gets the profile's address as its first, the default.
 */
export async function writeProfileAddress(tx: Tx, profile: Profile, before?: Pick<Profile, "firstName" | "lastName" | "number">): Promise<void> {
  const { customerId, houseNo, areaAddress, city, pinCode, state, gstin } = profile;
  const place = { houseNo, areaAddress, city, pinCode, state, gstin };
  const chosen = await tx.customerAddress.findFirst({ where: { customerId, isDefault: true } });
  if (chosen) {
    await tx.customerAddress.update({
      where: { addressId: chosen.addressId },
      data: {
        ...place,
        ...(before && chosen.name === fullName(before) ? { name: fullName(profile) } : {}),
        ...(before && chosen.phone === before.number ? { phone: profile.number } : {}),
      },
    });
    return;
  }
  if ((await tx.customerAddress.count({ where: { customerId } })) > 0) return;
  await tx.customerAddress.create({ data: { customerId, label: "Home", name: fullName(profile), phone: profile.number, ...place, isDefault: true } });
}
