// Who an order is for and where it goes (issue 29): a customer's chosen address-book entry (the default
// when none is named; the profile's own address for an account with no entry), or a guest's typed
// address. placeOrder snapshots it on the order; nothing later reads the customer record for it.
import type { Prisma } from "@store/db";
import { StoreError } from "../platform/errors.ts";
import { changeConsent, logGuestWhatsAppOptIn } from "../accounts/preferences/consent.ts";

type Tx = Prisma.TransactionClient;

export interface OrderBuyer {
  /** 0 for a guest (until an account with this phone claims the order) */
  customerId: number;
  isGuest: boolean;
  name: string;
  /** 10 digits */
  phone: string;
  email: string;
  houseNo: string;
  areaAddress: string;
  landmark: string | null;
  city: string;
  pinCode: string;
  state: string;
  gstin: string | null;
  /** the address-book entry, null for a guest or an account without entries */
  addressId: number | null;
  /** issue 30: a guest's "Send order updates on WhatsApp" box, kept on the order (a customer's consent is on Customer) */
  whatsappOptIn?: boolean;
}

/** The one-line address printed on the order, its lines and the invoice ("12B, MG Road, near the temple, Pune, Maharashtra 411001"). */
export function addressLine(buyer: Pick<OrderBuyer, "houseNo" | "areaAddress" | "landmark" | "city" | "pinCode">, state: string): string {
  return [buyer.houseNo, buyer.areaAddress, buyer.landmark, buyer.city, `${state} ${buyer.pinCode}`]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ")
    .slice(0, 500);
}

/**
 * A customer's order goes to `addressId` (theirs, else 404), else to their default address, else to the
 * address on their profile. The caller's transaction sees the customer as it is now.
 */
export async function customerBuyer(tx: Tx, customerId: number, addressId?: number | null): Promise<OrderBuyer> {
  const customer = await tx.customer.findUnique({
    where: { customerId },
    select: {
      firstName: true,
      lastName: true,
      number: true,
      email: true,
      houseNo: true,
      areaAddress: true,
      city: true,
      pinCode: true,
      state: true,
      gstin: true,
    },
  });
  if (!customer) throw new StoreError(404, "NOT_FOUND", "Your account was not found.");
  const chosen =
    addressId !== undefined && addressId !== null
      ? await tx.customerAddress.findFirst({ where: { addressId, customerId } })
      : await tx.customerAddress.findFirst({ where: { customerId, isDefault: true } });
  if (addressId !== undefined && addressId !== null && !chosen) throw new StoreError(404, "NOT_FOUND", `Address ${addressId} was not found.`);
  const base = { customerId, isGuest: false, email: customer.email };
  if (chosen) {
    return {
      ...base,
      name: chosen.name,
      phone: chosen.phone,
      houseNo: chosen.houseNo,
      areaAddress: chosen.areaAddress,
      landmark: chosen.landmark,
      city: chosen.city,
      pinCode: chosen.pinCode,
      state: chosen.state,
      gstin: chosen.gstin,
      addressId: chosen.addressId,
    };
  }
  return {
    ...base,
    name: `${customer.firstName} ${customer.lastName}`,
    phone: customer.number,
    houseNo: customer.houseNo,
    areaAddress: customer.areaAddress,
    landmark: null,
    city: customer.city,
    pinCode: customer.pinCode,
    state: customer.state,
    gstin: customer.gstin,
    addressId: null,
  };
}

/**
 * The checkout's "Send order updates on WhatsApp" box (issue 30), in the order's transaction and before
 * the order is placed, so that its own messages follow it. Ticked: a customer opts in (source checkout),
 * a guest's consent is logged for the phone. Unticked changes nothing: it does not withdraw a consent
 * given before (the profile's preferences do that).
 */
export async function recordCheckoutConsent(tx: Tx, buyer: OrderBuyer, whatsappOptIn: boolean | undefined, now = new Date()): Promise<void> {
  if (whatsappOptIn !== true) return;
  if (buyer.isGuest) await logGuestWhatsAppOptIn(tx, buyer.phone, "checkout", now);
  else await changeConsent(tx, buyer.customerId, { whatsappOptIn: true }, "checkout", now);
}
