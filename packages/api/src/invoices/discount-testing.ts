// Test helper (issue 26): a placed order turned into one placed with a coupon, by writing the columns
// checkout writes (the lines' discounts, the header's code, discount and grand total) and issuing its
// tax invoice again from them, so the documents' tests do not depend on the checkout's coupon code.
import type { Db } from "@store/db";
import { allocateDiscount } from "@store/domain";
import { issueInvoice } from "./invoices.ts";
import { loadSettings } from "../back-office/settings.ts";

/**
 * `discount`: paise per line in orderId order, or a total shared between the lines as checkout
 * shares it (largest remainder). Returns the lines' discounts.
 */
export async function discountOrder(db: Db, productOrderId: string, discount: number[] | { total: number }, couponCode = "SAVE10"): Promise<number[]> {
  return db.$transaction(async (tx) => {
    const lines = await tx.productOrder.findMany({ where: { productOrderId }, orderBy: { orderId: "asc" } });
    const shares = Array.isArray(discount)
      ? lines.map((_l, i) => discount[i] ?? 0)
      : allocateDiscount(
          discount.total,
          lines.map((l) => l.productPrice * l.quantity),
        );
    for (const [i, line] of lines.entries()) await tx.productOrder.update({ where: { orderId: line.orderId }, data: { discount: shares[i] ?? 0 } });
    const discountTotal = shares.reduce((a, b) => a + b, 0);
    const order = await tx.order.findUniqueOrThrow({ where: { productOrderId } });
    await tx.order.update({
      where: { productOrderId },
      data: { couponCode, discountTotal, grandTotal: order.itemsTotal - discountTotal + order.deliveryTotal + order.codFee },
    });
    await tx.invoice.deleteMany({ where: { invoiceOf: productOrderId } });
    await issueInvoice(tx, productOrderId, await loadSettings(tx), new Date());
    return shares;
  });
}
