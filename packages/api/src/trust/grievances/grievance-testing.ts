// Pieces the grievance tests share: orders straight in the database, a guest's complaint fields, and the
// clock moved for the use cases (Date only: the database keeps running).
import { vi } from "vitest";
import type { TestEnv } from "../../testing.ts";
import { sha256 } from "../../guest/order-access.ts";

let serial = 0;

/** an order of the customer (0: a guest's), with an X-Order-Token when one is given */
export async function orderOf(env: TestEnv, customerId: number, token?: string): Promise<string> {
  const productOrderId = `ORD-GRV-${Date.now()}-${++serial}`;
  await env.handle.db.order.create({
    data: {
      productOrderId,
      customerId,
      customerName: "Asha Verma",
      shippingAddress: "12B, MG Road, Pune",
      pinCode: "411001",
      state: "Maharashtra",
      itemsTotal: 10_000,
      deliveryTotal: 0,
      grandTotal: 10_000,
      ...(token ? { accessTokenHash: sha256(token), isGuest: true } : {}),
    },
  });
  return productOrderId;
}

export const guestPhone = () => `7${String(Date.now() % 100_000_000).padStart(8, "0")}${++serial % 10}`;

export const complaint = <T extends Record<string, unknown>>(extra: T = {} as T) => ({
  category: "DELIVERY" as const,
  subject: "Parcel not delivered",
  description: "The parcel was marked delivered but never reached me.",
  ...extra,
});

export const guestComplaint = <T extends Record<string, unknown>>(extra: T = {} as T) =>
  complaint({ name: "Ravi Kumar", email: `ravi.${++serial}@example.in`, phone: guestPhone(), ...extra });

/** the use cases' clock at `at` */
export function clockAt(at: Date | string): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(at));
}
