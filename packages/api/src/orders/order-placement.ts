// Placing an order: one checkout (a cart, or one product on its own) becomes one Order header with
// its lines, its totals and its payment, all or nothing in the caller's transaction.
import { Prisma } from "@store/db";
import { expectedDelivery, orderReference, toPaise, whyNoCod, type CartQuote, type OrderTotals, type PaymentMethod, type PricedLine } from "@store/domain";
import type { OrderRow } from "./serializers.ts";
import { resyncProducts, takeStockSql } from "../catalogue/stock.ts";
import { packName } from "@store/domain";
import type { Settings } from "../back-office/settings.ts";
import { recordPaymentEvent } from "../payments/payment-status.ts";
import { issueInvoice } from "../invoices/invoices.ts";
import { queueOrderMail, type MailSettings } from "../messaging/outbox.ts";
import { messageAmount, messageDate, queueBuyerMessage } from "../messaging/buyer-messages.ts";
import { StoreError } from "../platform/errors.ts";
import { assertUnpaidQuantities } from "./order-limits.ts";
import { priceLines } from "../offers/quote.ts";
import { takeCouponUse } from "../offers/coupon-uses.ts";
import { checkoutDelivery } from "../delivery/checkout-delivery.ts";
import { addressLine, type OrderBuyer } from "./order-buyer.ts";

type Tx = Prisma.TransactionClient;

export interface OrderLine {
  productId: number;
  /** the pack (issue 25): its stock is taken, its price, MRP and tax are snapshot on the line */
  variantId: number;
  quantity: number;
}

/** The columns orderSelect reads, as one raw row (the product's image rides along). */
type RawOrderRow = Omit<OrderRow, "product"> & { imageHash: string | null };
const fromRaw = ({ imageHash, ...order }: RawOrderRow): OrderRow => ({ ...order, product: { imageHash } });

/**
 * One order line in ONE statement: take the pack's stock (stock.ts) and write the line with the
 * product's name and the pack's price, MRP, size and tax as they are now (a snapshot). Raw SQL because
 * this is the store's hottest write: as Prisma calls it was 6 statements and most of the CPU of an
 * order (measured, see bench/README.md). The product's mirror is re-synced after all lines (resyncProducts).
 */
async function insertOrderLine(tx: Tx, customerId: number, line: OrderLine, productOrderId: string, now: Date, deliveryDate: Date): Promise<OrderRow> {
  const rows = await tx.$queryRaw<RawOrderRow[]>`
    WITH h AS (SELECT "customerName", "shippingAddress" FROM "Order" WHERE "productOrderId" = ${productOrderId}
    ), p AS (${takeStockSql(line.variantId, line.quantity, now, Prisma.sql`v."productId" = ${line.productId}::int`)}
    ), o AS (
      INSERT INTO "ProductOrder" ("productOrderId", "customerId", "customerName", "shippingAddress", "productId", "productName",
        "productPrice", "variantId", sku, label, "netQuantity", "netUnit", mrp, "hsnCode", "gstRate",
        "deliveryCharge", "orderTotalPrice", quantity, "deliveryDate", "startDate", "orderAddDateTime", "updatedAt")
      SELECT ${productOrderId}, ${customerId}::int, h."customerName", h."shippingAddress", p."productId", p."productName", p."productPrice",
        p."variantId", p.sku, p.label, p."netQuantity", p."netUnit", p.mrp, p."hsnCode", p."gstRate", p."deliveryCharge",
        p."productPrice" * ${line.quantity}::int + p."deliveryCharge", ${line.quantity}::int,
        ${deliveryDate}::timestamp(3), ${now}::timestamp(3), ${now}::timestamp(3), ${now}::timestamp(3)
      FROM p, h
      RETURNING *
    )
    SELECT o."orderId", o."productOrderId", o."customerId", o."customerName", o."shippingAddress", o."productId", o."productName",
      o."productPrice", o."variantId", o.sku, o.label, o."netQuantity", o."netUnit", o.mrp, o."hsnCode", o."gstRate",
      o."deliveryCharge", o."orderTotalPrice", o.discount, o.quantity, o."paymentStatus", o."returnStatus", o."returnReason",
      o."returnRequestedAt", o."orderStatus", o."shipmentId", o."deliveryDate", o."startDate", o."endDate", o."orderAddDateTime", o."updatedAt",
      p."imageHash"
    FROM o, p`;
  const [row] = rows;
  if (row) return fromRaw(row);
  throw await whyNotPlaced(tx, line);
}

/** The line could not be written: say why, in words a shopper understands, naming the pack's SKU. */
async function whyNotPlaced(tx: Tx, line: OrderLine): Promise<StoreError> {
  const product = await tx.product.findUnique({ where: { productId: line.productId }, select: { productName: true, deletedAt: true } });
  if (!product || product.deletedAt) return new StoreError(404, "NOT_FOUND", `Product ${line.productId} is no longer sold.`);
  const pack = await tx.productVariant.findUnique({
    where: { variantId: line.variantId },
    select: { productId: true, sku: true, label: true, stock: true, active: true },
  });
  if (!pack || pack.productId !== line.productId)
    return new StoreError(404, "NOT_FOUND", `Pack size ${line.variantId} of ${product.productName} was not found.`);
  const name = `${packName(product.productName, pack.label)} (SKU ${pack.sku})`;
  if (!pack.active) return new StoreError(400, "VARIANT_NOT_SOLD", `${name} is no longer sold. Please choose another pack size.`);
  return new StoreError(409, "CONFLICT", pack.stock === 0 ? `${name} is out of stock.` : `Only ${pack.stock} left of ${name}. Please lower the quantity.`);
}

/**
 * The header with the buyer's name, address, phone and e-mail as they are now (a snapshot); totals follow
 * once the lines are in. The PIN code fixes the state (issue 27): where the directory knows it, its state is
 * the order's (and so the GST place of supply), whatever the address says.
 */
async function insertHeader(
  tx: Tx,
  buyer: OrderBuyer,
  method: PaymentMethod,
  settings: Settings,
  now: Date,
): Promise<{ productOrderId: string; pinCode: string; state: string }> {
  const [ref] = await tx.$queryRaw<{ id: number }[]>`INSERT INTO "OrderReference" ("createdAt") VALUES (${now}::timestamp(3)) RETURNING id`;
  if (!ref) throw new Error("INSERT … RETURNING gave no order reference");
  const productOrderId = orderReference(now, ref.id);
  const expiresAt = method === "UPI" ? new Date(now.getTime() + settings.upiExpiryHours * 3_600_000) : null;
  const place = await tx.pincode.findUnique({ where: { pincode: buyer.pinCode }, select: { stateName: true } });
  const state = place?.stateName ?? buyer.state;
  await tx.order.create({
    data: {
      productOrderId,
      customerId: buyer.customerId,
      customerName: buyer.name.slice(0, 121),
      shippingAddress: addressLine(buyer, state),
      pinCode: buyer.pinCode,
      state,
      phone: buyer.phone,
      email: buyer.email,
      addressId: buyer.addressId,
      buyerGstin: buyer.gstin,
      isGuest: buyer.isGuest,
      // the checkout's WhatsApp box: a guest's consent (a customer's is read from the account)
      whatsappOptIn: buyer.whatsappOptIn === true,
      itemsTotal: 0,
      deliveryTotal: 0,
      codFee: 0,
      grandTotal: 0,
      paymentMethod: method,
      expiresAt,
      createdAt: now,
    },
    select: { productOrderId: true },
  });
  return { productOrderId, pinCode: buyer.pinCode, state };
}

export interface PlacedOrder {
  productOrderId: string;
  lines: OrderRow[];
  totals: OrderTotals & { discountTotal: number };
  /** the coupon used (upper-case), if any */
  couponCode: string | null;
}

/** The categories of the products, for a coupon scoped to some (looked up only when a code is given). */
async function categoriesOf(tx: Tx, productIds: number[]): Promise<Map<number, string>> {
  const rows = await tx.product.findMany({ where: { productId: { in: [...new Set(productIds)] } }, select: { productId: true, category: true } });
  return new Map(rows.map((r) => [r.productId, r.category]));
}

/**
 * Writes each line's share of the discount, and its delivery when the threshold or a free-shipping
 * coupon made it free (orderTotalPrice stays price × quantity + delivery), in one statement and only
 * for the lines that changed: an order without either writes nothing more.
 */
async function writeLinePricing(tx: Tx, lines: OrderRow[], priced: readonly PricedLine[]): Promise<OrderRow[]> {
  const byId = new Map(priced.map((p) => [p.key, p]));
  const changed = lines.filter((l) => {
    const p = byId.get(l.orderId);
    return p !== undefined && (p.discount > 0 || p.delivery !== l.deliveryCharge);
  });
  if (changed.length > 0) {
    const values = changed.map((l) => {
      const p = byId.get(l.orderId) as PricedLine;
      return Prisma.sql`(${l.orderId}::int, ${p.discount}::int, ${p.delivery}::int)`;
    });
    await tx.$executeRaw`
      UPDATE "ProductOrder" po SET discount = v.discount, "deliveryCharge" = v.delivery, "orderTotalPrice" = po."productPrice" * po.quantity + v.delivery
      FROM (VALUES ${Prisma.join(values)}) AS v(id, discount, delivery)
      WHERE po."orderId" = v.id`;
  }
  return lines.map((l) => {
    const p = byId.get(l.orderId);
    return p ? Object.assign({}, l, { discount: p.discount, deliveryCharge: p.delivery, orderTotalPrice: p.amount + p.delivery }) : l;
  });
}

const totalsOf = (q: CartQuote) => ({
  itemsTotal: q.itemsTotal,
  discountTotal: q.discountTotal,
  deliveryTotal: q.deliveryTotal,
  codFee: q.codFee,
  grandTotal: q.grandTotal,
});

/**
 * Places the lines as one order paid by `method`, in the caller's transaction (all or nothing).
 * Amounts come from the product records and the settings only, priced as the cart quote prices them
 * (offers/quote.ts: the free-delivery threshold, and the coupon of `couponCode`, re-checked here and its
 * use counted in this transaction); the cash-on-delivery rules are checked against the order's real total.
 */
export async function placeOrder(
  tx: Tx,
  buyer: OrderBuyer,
  lines: OrderLine[],
  method: PaymentMethod,
  settings: Settings,
  mail: MailSettings,
  options: { couponCode?: string | null } = {},
): Promise<PlacedOrder> {
  await assertUnpaidQuantities(tx, lines, method, settings);
  const now = new Date();
  const { customerId } = buyer;
  const { productOrderId, pinCode, state } = await insertHeader(tx, buyer, method, settings, now);
  const delivery = await checkoutDelivery(tx, { pincode: pinCode, method, now, settings });
  const deliveryDate = delivery.deliveryDate ?? expectedDelivery(now);
  const inserted: OrderRow[] = [];
  // lock rows in a fixed order so two checkouts of the same packs cannot deadlock: the packs in
  // variantId order, then their products (the mirrors) in productId order
  for (const line of [...lines].sort((a, b) => a.variantId - b.variantId)) {
    inserted.push(await insertOrderLine(tx, customerId, line, productOrderId, now, deliveryDate));
  }
  const productIds = inserted.map((l) => l.productId);
  await resyncProducts(tx, productIds, now);
  const code = options.couponCode || null;
  const categories = code ? await categoriesOf(tx, productIds) : new Map<number, string>();
  const { quote, coupon } = await priceLines(tx, {
    customerId,
    phone: buyer.phone,
    customerState: state,
    lines: inserted.map((l) => ({
      key: l.orderId,
      productId: l.productId,
      category: categories.get(l.productId) ?? "",
      amount: l.productPrice * l.quantity,
      gstRate: l.gstRate,
      delivery: l.deliveryCharge,
    })),
    method,
    code,
    settings,
    now,
    exceptOrder: productOrderId,
    orderDelivery: delivery.orderDelivery,
  });
  const created = await writeLinePricing(tx, inserted, quote.lines);
  const totals = totalsOf(quote);
  if (method === "COD") {
    const refusal = whyNoCod(
      {
        codEnabled: settings.codEnabled,
        codMaxOrderValuePaise: settings.codMaxOrderValue === null ? null : toPaise(settings.codMaxOrderValue),
        codBlockedPinCodes: settings.codBlockedPinCodes,
      },
      { grandTotalPaise: totals.grandTotal, pinCode },
    );
    if (refusal) throw new StoreError(400, "BAD_REQUEST", refusal);
  }
  await tx.order.update({ where: { productOrderId }, data: { ...totals, couponCode: coupon?.code ?? null } });
  if (coupon)
    await takeCouponUse(tx, {
      couponId: coupon.couponId,
      customerId,
      phone: buyer.phone,
      productOrderId,
      discount: quote.coupon?.discount ?? totals.discountTotal,
    });
  const invoiceNumber = await issueInvoice(tx, productOrderId, settings, now);
  await recordPaymentEvent(tx, {
    productOrderId,
    actor: buyer.isGuest ? `guest ${buyer.phone}` : `customer ${customerId}`,
    from: "",
    to: "Pending",
    reason: `order placed, ${method}`,
  });
  // a guest's order mail carries its one-time link and is queued by the guest checkout (guest/guest-checkout.ts)
  if (!buyer.isGuest)
    await queueOrderMail(
      tx,
      { mail },
      productOrderId,
      (o) => ({
        kind: "order-placed",
        ...o,
        lines: created.map((l) => ({ productName: packName(l.productName, l.label), quantity: l.quantity, totalPaise: l.productPrice * l.quantity })),
        deliveryPaise: totals.deliveryTotal,
        discountPaise: totals.discountTotal,
        couponCode: coupon?.code ?? null,
        codFeePaise: totals.codFee,
        grandTotalPaise: totals.grandTotal,
        paymentMethod: method,
        invoiceNumber,
        codConfirmHours: method === "COD" && settings.codConfirmation === "otp" ? settings.codConfirmHours : null,
      }),
      { attachInvoiceOf: productOrderId },
    );
  await queueBuyerMessage(
    tx,
    { mail },
    {
      kind: "order_placed",
      to: buyer.isGuest ? { phone: buyer.phone, whatsappOptIn: buyer.whatsappOptIn === true } : { customerId },
      values: {
        // a customer's first name comes from the account
        ...(buyer.isGuest ? { customerName: buyer.name.split(" ")[0] ?? buyer.name } : {}),
        productOrderId,
        grandTotal: messageAmount(totals.grandTotal),
        deliverBy: messageDate(deliveryDate),
      },
    },
  );
  return { productOrderId, lines: created, totals, couponCode: coupon?.code ?? null };
}
