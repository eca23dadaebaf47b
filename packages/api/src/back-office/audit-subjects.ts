// What each back-office write is about, for the audit trail: the kind of record, its id (from the
// input, or from the answer for what a write creates) and a snapshot of its fields, read before
// and after the write so that the entry shows what changed. Every mutation an owner or staff
// account can call has an entry here (audit.test.ts checks it against the access matrix).
import type { AuditEntity } from "@store/validators";
import { toRupees, type FieldChanges } from "@store/domain";
import type { Db } from "@store/db";
import { loadSettings } from "./settings.ts";
import { productSelect } from "../catalogue/serializers.ts";
import { customerSelect } from "../accounts/serializers.ts";
import { zoneSelect } from "../delivery/zones.ts";
import { couponFieldsOf } from "../offers/coupon-serializers.ts";

type Snapshot = Record<string, unknown> | null;
type Input = Record<string, unknown> | undefined;
type Id = string | number | undefined;

export interface AuditSubject {
  entity: AuditEntity;
  /** what the entry's summary says was done */
  verb: string;
  /** the record's id: from the input, or (for a create) from the answer */
  id: (input: Input, output: unknown, self: number) => Id;
  snapshot?: (db: Db, id: string) => Promise<Snapshot>;
  /** the answer's figures worth keeping when there is no record to compare (an import) */
  outcome?: (output: unknown) => FieldChanges;
  /** words the summary ends with, from the input or the answer (an import's counts, a forced move) */
  detail?: (input: Input, output: unknown) => string | undefined;
}

const num = (v: unknown) => (v === undefined || v === null || v === "" ? undefined : Number(v));
const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : typeof v === "number" ? String(v) : undefined);
const fromInput =
  (key: string) =>
  (input: Input): Id =>
    num(input?.[key]);
const rupees = (paise: number | null | undefined) => (paise === null || paise === undefined ? null : toRupees(paise));

// the fields the admin sees and edits; prices in rupees, as the API speaks them
// priceFrom, variantCount and defaultVariantId follow the packs (issue 25): a pack's own line shows what changed
const {
  productId: _productId,
  createdAt: _pc,
  updatedAt: _pu,
  priceFrom: _priceFrom,
  variantCount: _variantCount,
  defaultVariantId: _defaultVariantId,
  // the Published reviews' figures (issue 31) follow the moderation, whose own entry shows it
  ratingCount: _ratingCount,
  ratingSum: _ratingSum,
  ...productFields
} = productSelect;
const { customerId: _customerId, createdAt: _cc, updatedAt: _cu, agreeToTerms: _terms, ...customerFields } = customerSelect;

const product = async (db: Db, id: string): Promise<Snapshot> => {
  const p = await db.product.findUnique({ where: { productId: Number(id) }, select: { ...productFields, deletedAt: true } });
  if (!p) return null;
  return {
    ...p,
    productPrice: rupees(p.productPrice),
    mainPrice: rupees(p.mainPrice),
    deliveryCharge: p.deliveryCharge === null ? "Free" : rupees(p.deliveryCharge),
  };
};

/** a product with each of its packs as one line (issue 25), so that an entry shows which pack changed and how */
const productWithPacks = async (db: Db, id: string): Promise<Snapshot> => {
  const p = await product(db, id);
  if (!p) return null;
  const packs = await db.productVariant.findMany({ where: { productId: Number(id) }, orderBy: [{ position: "asc" }, { variantId: "asc" }] });
  const line = (v: (typeof packs)[number]) =>
    [
      v.label,
      `${v.netQuantity === null ? "?" : Number(v.netQuantity)} ${v.netUnit ?? ""}`.trim(),
      `₹${toRupees(v.price)} (MRP ₹${toRupees(v.mrp)})`,
      `stock ${v.stock}`,
      `HSN ${v.hsnCode} at ${v.gstRate}%`,
      `${v.weightGrams} g`,
      `position ${v.position}`,
      v.active ? "active" : "inactive",
      // a pack's own photo (issue 25), by its content hash: a replaced or removed photo shows as a change
      ...(v.imageHash ? [`photo ${v.imageHash}`] : []),
    ].join(" · ");
  return { ...p, ...Object.fromEntries(packs.map((v) => [`pack ${v.sku}`, line(v)])) };
};

const customer = async (db: Db, id: string): Promise<Snapshot> => {
  const c = await db.customer.findUnique({ where: { customerId: Number(id) }, select: { ...customerFields, passwordHash: true } });
  if (!c) return null;
  // the hash itself never leaves: "password" shows only as "(changed)" (REDACTED_FIELDS)
  const { passwordHash, ...fields } = c;
  return { ...fields, password: passwordHash };
};

const orderLine = (db: Db, id: string): Promise<Snapshot> =>
  db.productOrder.findUnique({
    where: { orderId: Number(id) },
    select: { productOrderId: true, orderStatus: true, paymentStatus: true, returnStatus: true, returnReason: true, deliveryDate: true, endDate: true },
  });

const payment = async (db: Db, id: string): Promise<Snapshot> => {
  const o = await db.order.findUnique({
    where: { productOrderId: id },
    select: { paymentMethod: true, paymentStatus: true, paymentNote: true, paymentFlag: true, utr: true, providerPaymentId: true, refundedTotal: true },
  });
  return o && { ...o, refundedTotal: rupees(o.refundedTotal) };
};

const refund = async (db: Db, id: string): Promise<Snapshot> => {
  const r = await db.refund.findUnique({
    where: { refundId: Number(id) },
    select: { productOrderId: true, amount: true, status: true, reference: true, providerRefundId: true, processedAt: true },
  });
  return r && { ...r, amount: rupees(r.amount) };
};

/** a whole order (issue 24): its payment and each line's status */
const order = async (db: Db, id: string): Promise<Snapshot> => {
  const o = await db.order.findUnique({
    where: { productOrderId: id },
    select: { paymentStatus: true, lines: { orderBy: { orderId: "asc" }, select: { orderId: true, orderStatus: true } } },
  });
  return o && { paymentStatus: o.paymentStatus, ...Object.fromEntries(o.lines.map((l) => [`line ${l.orderId}`, l.orderStatus])) };
};

/** where an order's COD confirmation stands (issue 29) */
const codConfirmation = (db: Db, id: string): Promise<Snapshot> =>
  db.order.findUnique({ where: { productOrderId: id }, select: { codConfirmation: true, codConfirmedBy: true, codConfirmNote: true } });

const hsnName = (db: Db, id: string): Promise<Snapshot> => db.hsnName.findUnique({ where: { hsnCode: id }, select: { description: true } });

const cartEntry = (db: Db, id: string): Promise<Snapshot> =>
  db.cartItem.findUnique({ where: { addToCartId: Number(id) }, select: { customerId: true, productId: true, quantity: true } });

const staff = (db: Db, id: string): Promise<Snapshot> =>
  db.admin.findUnique({ where: { adminId: Number(id) }, select: { name: true, email: true, phone: true, role: true, active: true } });

const email = (db: Db, id: string): Promise<Snapshot> =>
  db.outboxMessage.findUnique({ where: { messageId: Number(id) }, select: { recipient: true, subject: true, status: true } });

/** a coupon (issue 26) as the API speaks it, its lists as text */
const coupon = async (db: Db, id: string): Promise<Snapshot> => {
  const row = await db.coupon.findUnique({ where: { couponId: Number(id) } });
  if (!row) return null;
  const c = couponFieldsOf(row);
  return { ...c, paymentMethods: c.paymentMethods.join(", "), productIds: c.productIds.join(", "), categories: c.categories.join(", ") };
};

/** a delivery zone (issue 27), its fee in rupees and its match as text */
const zone = async (db: Db, id: string): Promise<Snapshot> => {
  const z = await db.shippingZone.findUnique({ where: { zoneId: Number(id) }, select: zoneSelect });
  return z && { ...z, match: z.match.replaceAll(",", ", "), fee: toRupees(z.fee) };
};

/** a shipment (issue 28): courier, AWB, status, the NDR decision and the lines in the box */
const shipment = async (db: Db, id: string): Promise<Snapshot> => {
  const s = await db.shipment.findUnique({
    where: { shipmentId: Number(id) },
    select: {
      productOrderId: true,
      courier: true,
      courierName: true,
      awb: true,
      status: true,
      weightGrams: true,
      codAmount: true,
      ewayBillNumber: true,
      ndrAction: true,
      ndrPreferredDate: true,
    },
  });
  if (!s) return null;
  const lines = await db.productOrder.findMany({ where: { shipmentId: Number(id) }, orderBy: { orderId: "asc" }, select: { orderId: true } });
  return {
    ...s,
    codAmount: rupees(s.codAmount),
    ndrPreferredDate: s.ndrPreferredDate ? s.ndrPreferredDate.toISOString().slice(0, 10) : null,
    lines: lines.map((l) => l.orderId).join(", "),
  };
};

/** a message template (issue 29) as registered on the DLT platform */
const messageTemplate = (db: Db, id: string): Promise<Snapshot> =>
  db.messageTemplate.findUnique({
    where: { templateId: Number(id) },
    select: {
      channel: true,
      kind: true,
      dltTemplateId: true,
      senderId: true,
      providerTemplateId: true,
      text: true,
      name: true,
      language: true,
      category: true,
      params: true,
      active: true,
    },
  });

/** a review (issue 31) as moderated: never its stars or words, which the back office cannot change */
const review = (db: Db, id: string): Promise<Snapshot> =>
  db.review.findUnique({ where: { reviewId: Number(id) }, select: { productId: true, status: true, rejectReason: true, replyText: true } });

const settings = async (db: Db): Promise<Snapshot> => ({ ...(await loadSettings(db)) });

/** a complaint (issue 31): where it stands and the store's answer */
const grievance = (db: Db, id: string): Promise<Snapshot> =>
  db.grievance.findUnique({
    where: { ticketNumber: id.toUpperCase() },
    select: { status: true, resolution: true, rejectReason: true, resolvedAt: true, closedAt: true },
  });

const created = (path: string[]) => (_input: Input, output: unknown) => {
  let value: unknown = output;
  for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
  return typeof value === "number" || typeof value === "string" ? value : undefined;
};

/** Sign-in flows: not writes by the acting account (an admin token sent along changes nothing). */
export const NOT_AUDITED = new Set([
  "auth.customerLogin",
  "auth.adminLogin",
  "auth.customerForgotPassword",
  "auth.customerResetPassword",
  "auth.adminForgotPassword",
  "auth.adminResetPassword",
  // phone OTPs (issue 29): the buyer's own sign-in and confirmation, whatever token is sent along
  "otp.send",
  "otp.verify",
  // a guest's own cart, checkout and order link (issue 29): shopper writes, whatever token is sent along
  "guest.createCart",
  "guest.addItem",
  "guest.setItem",
  "guest.checkout",
  "guest.exchangeLink",
]);

export const AUDIT_SUBJECTS: Record<string, AuditSubject> = {
  "products.save": { entity: "product", verb: "added the product", id: created(["product", "productId"]), snapshot: product },
  "products.update": { entity: "product", verb: "changed the product", id: fromInput("productId"), snapshot: product },
  "products.delete": { entity: "product", verb: "deleted the product", id: fromInput("productId"), snapshot: product },
  "products.remove": { entity: "product", verb: "deleted the product", id: fromInput("productId"), snapshot: product },
  "variants.create": { entity: "product", verb: "added a pack to the product", id: fromInput("productId"), snapshot: productWithPacks },
  "variants.update": { entity: "product", verb: "changed a pack of the product", id: fromInput("productId"), snapshot: productWithPacks },
  "variants.remove": { entity: "product", verb: "removed a pack of the product", id: fromInput("productId"), snapshot: productWithPacks },
  "imports.products": {
    entity: "import",
    verb: "imported products",
    id: () => undefined,
    // a dry run is not recorded at all (audit.ts), a refused import fails and leaves no entry: an entry is an import that happened
    outcome: (o) => {
      const r = o as { created?: number; updated?: number; rows?: number };
      return { rows: [null, r.rows ?? null], created: [null, r.created ?? null], updated: [null, r.updated ?? null] };
    },
    detail: (_i, o) => {
      const r = o as { created?: number; updated?: number };
      return `: ${r.created ?? 0} created, ${r.updated ?? 0} updated`;
    },
  },

  "pincodes.import": {
    entity: "import",
    verb: "imported PIN codes",
    id: () => undefined,
    outcome: (o) => {
      const r = o as { created?: number; updated?: number; rows?: number };
      return { rows: [null, r.rows ?? null], created: [null, r.created ?? null], updated: [null, r.updated ?? null] };
    },
    detail: (_i, o) => {
      const r = o as { created?: number; updated?: number };
      return `: ${r.created ?? 0} added, ${r.updated ?? 0} updated`;
    },
  },

  "customers.save": { entity: "customer", verb: "registered the customer", id: created(["customerId"]), snapshot: customer },
  "customers.update": { entity: "customer", verb: "changed the customer", id: fromInput("customerId"), snapshot: customer },
  "customers.setStatus": { entity: "customer", verb: "changed the customer's status", id: fromInput("customerId"), snapshot: customer },
  "customers.delete": { entity: "customer", verb: "deleted the customer", id: fromInput("customerId"), snapshot: customer },
  "customers.deleteLegacy": { entity: "customer", verb: "deleted the customer", id: fromInput("id"), snapshot: customer },

  "cart.update": { entity: "cart entry", verb: "changed the cart entry", id: fromInput("addToCartId"), snapshot: cartEntry },
  "cart.updatePost": { entity: "cart entry", verb: "changed the cart entry", id: fromInput("addToCartId"), snapshot: cartEntry },
  "cart.delete": { entity: "cart entry", verb: "removed the cart entry", id: fromInput("addToCartId"), snapshot: cartEntry },
  "cart.remove": { entity: "cart entry", verb: "removed the cart entry", id: fromInput("addToCartId"), snapshot: cartEntry },

  "orders.update": { entity: "order line", verb: "changed the order", id: fromInput("orderId"), snapshot: orderLine },
  "orders.updateStatus": { entity: "order line", verb: "changed the order status", id: fromInput("orderId"), snapshot: orderLine },
  "orders.decideReturn": { entity: "order line", verb: "decided the return", id: fromInput("orderId"), snapshot: orderLine },
  // issue 29: an admin's confirmation after a call to the buyer (a buyer's own code is not back-office work)
  "orders.codConfirm": {
    entity: "order",
    verb: "confirmed the cash-on-delivery order",
    id: (i) => str(i?.productOrderId),
    snapshot: codConfirmation,
    detail: (i) => (typeof i?.note === "string" ? `: ${i.note}` : undefined),
  },
  "orderDesk.setStatus": {
    entity: "order",
    verb: "moved the order",
    id: (i) => str(i?.productOrderId),
    snapshot: order,
    detail: (_i, o) => {
      const r = o as { orderStatus?: string; forced?: boolean; paymentStatus?: string };
      return ` to ${r.orderStatus ?? "?"}${r.forced ? `, forced although its payment is ${r.paymentStatus ?? "unpaid"}` : ""}`;
    },
  },

  "payments.confirm": { entity: "payment", verb: "confirmed the payment", id: (i) => str(i?.productOrderId), snapshot: payment },
  "payments.undoConfirm": { entity: "payment", verb: "undid the confirmation of the payment", id: (i) => str(i?.productOrderId), snapshot: payment },
  "payments.reject": { entity: "payment", verb: "rejected the payment", id: (i) => str(i?.productOrderId), snapshot: payment },
  "payments.verify": { entity: "payment", verb: "verified the gateway payment", id: (i) => str(i?.productOrderId), snapshot: payment },
  "payments.recordRefund": { entity: "refund", verb: "recorded the refund", id: fromInput("refundId"), snapshot: refund },
  "payments.approveRefund": { entity: "refund", verb: "approved the refund", id: fromInput("refundId"), snapshot: refund },
  "payments.retryRefund": { entity: "refund", verb: "retried the refund", id: fromInput("refundId"), snapshot: refund },

  "settings.update": { entity: "settings", verb: "changed the settings", id: () => undefined, snapshot: settings },
  "reports.nameHsn": { entity: "settings", verb: "named the HSN code", id: (i) => str(i?.hsnCode), snapshot: hsnName },

  "staff.create": { entity: "staff", verb: "added the staff account", id: created(["staff", "adminId"]), snapshot: staff },
  "staff.disable": { entity: "staff", verb: "disabled the staff account", id: fromInput("adminId"), snapshot: staff },
  "staff.enable": { entity: "staff", verb: "enabled the staff account", id: fromInput("adminId"), snapshot: staff },

  "coupons.create": { entity: "coupon", verb: "created the coupon", id: created(["couponId"]), snapshot: coupon },
  "coupons.update": { entity: "coupon", verb: "changed the coupon", id: fromInput("couponId"), snapshot: coupon },
  "coupons.disable": { entity: "coupon", verb: "disabled the coupon", id: fromInput("couponId"), snapshot: coupon },

  "messagingTemplates.create": { entity: "message template", verb: "registered the message template", id: created(["templateId"]), snapshot: messageTemplate },
  "messagingTemplates.update": { entity: "message template", verb: "changed the message template", id: fromInput("templateId"), snapshot: messageTemplate },
  "messagingTemplates.remove": { entity: "message template", verb: "deleted the message template", id: fromInput("templateId"), snapshot: messageTemplate },

  "zones.create": { entity: "delivery zone", verb: "added the delivery zone", id: created(["zoneId"]), snapshot: zone },
  "zones.update": { entity: "delivery zone", verb: "changed the delivery zone", id: fromInput("zoneId"), snapshot: zone },
  "zones.remove": { entity: "delivery zone", verb: "removed the delivery zone", id: fromInput("zoneId"), snapshot: zone },

  "shipments.create": {
    entity: "shipment",
    verb: "made the shipment",
    id: created(["shipmentId"]),
    snapshot: shipment,
    detail: (_i, o) => {
      const r = o as { productOrderId?: string; courierName?: string; awb?: string };
      return ` of order ${r.productOrderId ?? "?"} (${r.courierName ?? "?"}, AWB ${r.awb ?? "?"})`;
    },
  },
  "shipments.cancel": { entity: "shipment", verb: "cancelled the shipment", id: fromInput("shipmentId"), snapshot: shipment },
  "tracking.addEvent": {
    entity: "shipment",
    verb: "recorded a step of the shipment",
    id: fromInput("shipmentId"),
    snapshot: shipment,
    detail: (i) => `: ${str(i?.status) ?? "?"}`,
  },
  "tracking.ndrAction": {
    entity: "shipment",
    verb: "decided the failed delivery of the shipment",
    id: fromInput("shipmentId"),
    snapshot: shipment,
    detail: (i) => `: ${str(i?.action) ?? "?"}`,
  },
  // the buyer's own request is not back-office work; an admin asking on the buyer's behalf is
  "tracking.reattempt": { entity: "shipment", verb: "asked for another delivery attempt of the shipment", id: fromInput("shipmentId"), snapshot: shipment },

  "reviews.moderate": {
    entity: "review",
    verb: "moderated the review",
    id: fromInput("reviewId"),
    snapshot: review,
    detail: (i) => `: ${str(i?.decision) ?? "?"}${typeof i?.rejectReason === "string" ? ` (${i.rejectReason})` : ""}`,
  },
  "reviews.reply": { entity: "review", verb: "replied to the review", id: fromInput("reviewId"), snapshot: review },

  // issue 31: an officer's move of a complaint and an officer's message on one
  "grievances.setStatus": {
    entity: "grievance",
    verb: "moved the complaint",
    id: (i) => str(i?.ticketNumber)?.trim().toUpperCase(),
    snapshot: grievance,
    detail: (i) => ` to ${str(i?.status) ?? "?"}`,
  },
  "grievances.addMessage": {
    entity: "grievance",
    verb: "wrote on the complaint",
    id: (i) => str(i?.ticketNumber)?.trim().toUpperCase(),
    snapshot: grievance,
  },

  "emails.resend": { entity: "email", verb: "resent the email", id: created(["messageId"]), snapshot: email },

  "jobs.run": {
    entity: "job",
    verb: "ran the job",
    id: (i) => str(i?.job),
    outcome: (o) => ({ processed: [null, (o as { processed?: number }).processed ?? null] }),
  },

  "auth.adminChangePassword": { entity: "account", verb: "changed their own password", id: (_i, _o, self) => self },
  "auth.logoutAll": { entity: "account", verb: "logged out everywhere", id: (_i, _o, self) => self },
};
