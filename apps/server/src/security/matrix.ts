// THE access table of issue 6: for every procedure of the router, what each role gets, and a
// valid input to try it with (built fresh per call where the call uses a record up). Used by the
// access matrix (asserted), the fuzzers (as the valid base they mutate) and the abuse suite.
import { createHash, createHmac, randomBytes } from "node:crypto";
import type { ProcedurePath } from "./procedures.ts";
import { PASSWORD, TEST_ADMIN, productFields, type Customer, type Role, type SecurityEnv } from "./fixtures.ts";

export type Expect = "ok" | 401 | 403 | 404;
export type Rule = Record<Role, Expect>;

// "admin" is the store owner's back-office account, "staff" a staff account (issue 17)
export const PUBLIC: Rule = { anonymous: "ok", owner: "ok", other: "ok", admin: "ok", staff: "ok", inactive: "ok", forged: "ok", expired: "ok" };
/** the back office: the owner and staff */
export const ADMIN: Rule = { anonymous: 401, owner: 403, other: 403, admin: "ok", staff: "ok", inactive: 403, forged: 401, expired: 401 };
/** the store owner only: settings, payment confirmations and refunds, staff, the audit trail, the outbox */
export const STORE_OWNER: Rule = { ...ADMIN, staff: 403 };
/** a customer's own record, or an admin */
export const OWNER_OR_ADMIN: Rule = { anonymous: 401, owner: "ok", other: 403, admin: "ok", staff: "ok", inactive: 403, forged: 401, expired: 401 };
/** a customer's own record, or an admin; another customer's is answered as missing (issue 13) */
export const OWNER_OR_ADMIN_HIDDEN: Rule = { ...OWNER_OR_ADMIN, other: 404 };
/** only the customer who owns the record (an admin is not a shopper) */
export const OWNER: Rule = { anonymous: 401, owner: "ok", other: 403, admin: 403, staff: 403, inactive: 403, forged: 401, expired: 401 };
/** anyone signed in: an active customer or an admin */
export const SIGNED_IN: Rule = { anonymous: 401, owner: "ok", other: "ok", admin: "ok", staff: "ok", inactive: 403, forged: 401, expired: 401 };
/** any active customer, acting on its own records */
export const CUSTOMER: Rule = { anonymous: 401, owner: "ok", other: "ok", admin: 403, staff: 403, inactive: 403, forged: 401, expired: 401 };

export interface Case {
  env: SecurityEnv;
  role: Role;
  /** the customer whose records are aimed at: the owner, or for the inactive role itself */
  target: Customer;
  /** the calling customer (owner for non-customer roles) */
  self: Customer;
}
export type Input = Record<string, unknown> | undefined;
export interface Entry {
  rule: Rule;
  input: (c: Case) => Input | Promise<Input>;
  /** what an allowed call answers over REST when it is not 200 (a create: 201) */
  success?: 201;
}

const none = () => undefined;
/** a new pack's fields, with a SKU of its own */
const packFields = () => ({
  sku: `MX-${randomBytes(4).toString("hex").toUpperCase()}`,
  label: "1 l",
  netQuantity: 1,
  netUnit: "l",
  mrp: 120,
  price: 99,
  stock: 5,
});
/** a fresh product's one pack */
async function firstPackOfNewProduct(c: Case) {
  const productId = await c.env.makeProduct();
  const { variantId } = await c.env.handle.db.productVariant.findFirstOrThrow({ where: { productId }, select: { variantId: true } });
  return { productId, variantId };
}
const awaitingUpi = (c: Case) =>
  c.env.makePaymentOrder(c.target.customerId, { paymentMethod: "UPI", paymentStatus: "Awaiting verification", utr: c.env.uniqueUtr() });
/** a guest's checkout of a fresh guest cart (issue 29) */
const guestCheckoutInput = async (c: Case) => ({
  cartToken: (await freshGuestCart(c)).cartToken,
  name: "Matrix Guest",
  phone: guestPhone(),
  email: "matrix.guest@example.in",
  address: { houseNo: "12B", areaAddress: "MG Road", city: "Pune", pinCode: "411001", state: "Maharashtra" },
  paymentMethod: "UPI",
});

/** a delivery zone (issue 27) matching a PIN-code prefix of its own */
const zoneFields = () => ({ name: "Matrix Zone", match: [String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000))], fee: 40, etaDaysMin: 2, etaDaysMax: 4 });
async function freshZone(c: Case) {
  const { match, ...z } = zoneFields();
  const data = { ...z, fee: 4000, match: match.join(","), matchKey: match.join(",") };
  return (await c.env.handle.db.shippingZone.create({ data, select: { zoneId: true } })).zoneId;
}
/** a complaint of the target customer (issue 31), Acknowledged, with a ticket number of its own */
async function freshGrievance(c: Case) {
  const now = new Date();
  const ticketNumber = `GRV-20261126-${String(1_000_000 + (randomBytes(4).readUInt32BE(0) % 9_000_000))}`;
  await c.env.handle.db.grievance.create({
    data: {
      ticketNumber,
      customerId: c.target.customerId,
      name: "Matrix Buyer",
      email: c.target.email,
      phone: c.target.number,
      category: "ORDER",
      subject: "Matrix complaint",
      description: "Filed by the access matrix.",
      status: "Acknowledged",
      createdAt: now,
      acknowledgedAt: now,
      acknowledgeBy: new Date(now.getTime() + 48 * 3_600_000),
      resolveBy: new Date(now.getTime() + 30 * 86_400_000),
    },
  });
  return ticketNumber;
}
/** complaints (issue 31): a guest or a customer files; an admin token is refused, a token not accepted is 401 */
const COMPLAINANT: Rule = { anonymous: "ok", owner: "ok", other: "ok", admin: 403, staff: 403, inactive: 403, forged: 401, expired: 401 };
/** a customer's complaint: its customer or an officer; a guest even with its e-mail must log in (401), another customer gets 404 */
const COMPLAINT_READER: Rule = { anonymous: 401, owner: "ok", other: 404, admin: "ok", staff: "ok", inactive: 403, forged: 401, expired: 401 };

/** a coupon's fields (issue 26), a code of its own */
const couponCode = () => `MX-${randomBytes(4).toString("hex").toUpperCase()}`;
const couponFields = () => ({ type: "PERCENT", value: 10, startsAt: "2026-01-01T00:00:00Z", endsAt: "2036-01-01T00:00:00Z" });
async function freshCoupon(c: Case) {
  const { startsAt, endsAt } = couponFields();
  const data = { ...couponFields(), code: couponCode(), paymentMethods: "COD,UPI,ONLINE", startsAt: new Date(startsAt), endsAt: new Date(endsAt) };
  return (await c.env.handle.db.coupon.create({ data, select: { couponId: true } })).couponId;
}
/** an address of the book (issue 29): the fixtures' own address, so a new default changes nothing else */
const addressFields = () => ({
  label: "Work",
  name: "Matrix Buyer",
  phone: "9876500000",
  houseNo: "12B",
  areaAddress: "MG Road",
  city: "Pune",
  pinCode: "411001",
  state: "Maharashtra",
});
async function freshAddress(c: Case) {
  const data = { ...addressFields(), customerId: c.target.customerId, isDefault: false };
  return (await c.env.handle.db.customerAddress.create({ data, select: { addressId: true } })).addressId;
}
/** room for one more address (a book holds 10): every call of the table adds one */
async function roomInBook(c: Case) {
  await c.env.handle.db.customerAddress.deleteMany({ where: { customerId: c.self.customerId, isDefault: false } });
  return addressFields();
}
/** an SMS template (issue 29): one per kind, so the matrix's own kind is registered again (same row) or anew after a delete */
const smsTemplateFields = () => ({
  channel: "sms",
  kind: "delivered",
  dltTemplateId: "1107160000000000001",
  senderId: "clnstr",
  text: "Your Clean Store order {#var#} has been delivered. - Clean Store",
});
async function freshTemplate(c: Case) {
  const { channel, kind, dltTemplateId, text } = smsTemplateFields();
  const fields = { dltTemplateId, senderId: "CLNSTR", text };
  const row = await c.env.handle.db.messageTemplate.upsert({
    where: { channel_kind_language: { channel, kind, language: "en" } },
    create: { channel, kind, ...fields },
    update: fields,
    select: { templateId: true },
  });
  return row.templateId;
}
/**
 * a COD order of the target awaiting its OTP (issue 29) with a live code of its own (a request written
 * straight in the database, hashed as accounts/otp/otp.ts does): the buyer sends the code, an admin a note
 */
async function pendingCodConfirm(c: Case) {
  const db = c.env.handle.db;
  const productOrderId = await c.env.makePaymentOrder(c.target.customerId, { paymentMethod: "COD" });
  await db.order.update({ where: { productOrderId }, data: { codConfirmation: "Pending", codConfirmBy: new Date(Date.now() + 3_600_000) } });
  const requestId = `otp_${randomBytes(18).toString("base64url")}`;
  const code = "246810";
  const codeHash = createHmac("sha256", c.env.services.otpSecret).update(`${requestId}:${code}`).digest("hex");
  await db.otpRequest.create({
    data: {
      requestId,
      phone: c.target.number,
      purpose: "COD_CONFIRM",
      productOrderId,
      codeHash,
      expiresAt: new Date(Date.now() + 300_000),
      clientIp: "matrix",
    },
  });
  return c.role === "admin" || c.role === "staff" ? { productOrderId, byAdmin: true, note: "Called the buyer" } : { productOrderId, code };
}
/** a live GUEST_CHECKOUT code (issue 29) sent to a fresh phone, read from its SMS in the outbox */
async function otpToVerify(c: Case) {
  const text = "{#var#} is your Clean Store code, valid {#var#} minutes. - Clean Store";
  const db = c.env.handle.db;
  await db.messageTemplate.upsert({
    where: { channel_kind_language: { channel: "sms", kind: "otp", language: "en" } },
    create: { channel: "sms", kind: "otp", dltTemplateId: "1107160000000000009", senderId: "CLNSTR", text },
    update: { active: true, text },
  });
  const phone = c.env.signUpFields().number;
  const { requestId } = await c.env.anonymous.otp.send({ phone, purpose: "GUEST_CHECKOUT" });
  const sms = await db.outboxMessage.findFirstOrThrow({ where: { channel: "sms", recipient: phone }, orderBy: { messageId: "desc" } });
  return { requestId, code: sms.text.slice(0, 6) };
}
/** a guest cart (issue 29) of its own, with one line of a fresh product unless told */
async function freshGuestCart(c: Case, withLine = true) {
  const cartToken = randomBytes(32).toString("base64url");
  const cartId = createHash("sha256").update(cartToken).digest("hex");
  await c.env.handle.db.guestCart.create({ data: { cartId } });
  if (!withLine) return { cartToken, itemId: 0 };
  const { productId, variantId } = await firstPackOfNewProduct(c);
  const { itemId } = await c.env.handle.db.guestCartItem.create({ data: { cartId, productId, variantId, quantity: 1 }, select: { itemId: true } });
  return { cartToken, itemId };
}
/** a mobile number of its own: the guest limits count orders per phone */
const guestPhone = () => `9${String(randomBytes(4).readUInt32BE(0) % 1_000_000_000).padStart(9, "0")}`;
/** a guest order (UPI, no OTP) and the one-time link of its mail */
async function guestOrderLink(c: Case) {
  const productOrderId = await c.env.makePaymentOrder(c.target.customerId, { paymentMethod: "UPI" });
  const link = randomBytes(32).toString("base64url");
  const tokenHash = createHash("sha256").update(link).digest("hex");
  await c.env.handle.db.orderAccessLink.create({ data: { tokenHash, productOrderId, expiresAt: new Date(Date.now() + 86_400_000) } });
  return { productOrderId, link };
}
/** a message in the outbox */
async function latestEmail(c: Case) {
  const m = await c.env.handle.db.outboxMessage.create({
    data: { kind: "welcome", recipient: c.target.email, subject: "Welcome to Clean Store", html: "<p>Hello</p>", text: "Hello" },
    select: { messageId: true },
  });
  return m.messageId;
}

/** a valid reset link's token for a fresh account of that role (resetting the test admin would end the suite's admin sessions) */
async function resetInput(c: Case, role: "customer" | "admin") {
  const db = c.env.handle.db;
  const fresh = c.env.signUpFields();
  const subjectId =
    role === "customer"
      ? (await c.env.makeCustomer()).customerId
      : (await db.admin.create({ data: { name: "Matrix Staff", email: fresh.email, passwordHash: "not-a-hash" }, select: { adminId: true } })).adminId;
  const token = randomBytes(32).toString("base64url");
  const tokenHash = createHash("sha256").update(token).digest("hex");
  await db.passwordResetToken.create({ data: { tokenHash, role, subjectId, expiresAt: new Date(Date.now() + 10 * 60_000) } });
  return { token, password: "Lavender-Mop-Bucket-2026" };
}
/** a staff account made for the call (disabling the suite's own would end its sessions) */
const freshStaff = async (c: Case, active = true) =>
  (
    await c.env.handle.db.admin.create({
      data: { name: "Matrix Staff", email: c.env.signUpFields().email, passwordHash: "not-a-hash", role: "staff", active },
      select: { adminId: true },
    })
  ).adminId;
const IMPORT_CSV = "productName,productPrice,mainPrice,packSize,productInfo,deliveryCharge,quantity\nMatrix Import,99,120,1 L,Imported by the matrix,Free,5\n";

/** a PIN code the directory has (the HTTP suites' databases are not seeded with India Post's) */
async function knownPincode(c: Case) {
  const place = { city: "Pune", district: "Pune", stateCode: "27", stateName: "Maharashtra" };
  await c.env.handle.db.pincode.upsert({ where: { pincode: "411001" }, create: { pincode: "411001", ...place }, update: {} });
  return "411001";
}

/** a refund (in that state) of a paid online order whose payment the env's gateway stand-in captured */
async function onlineRefund(c: Case, status: "Awaiting approval" | "Failed") {
  const db = c.env.handle.db;
  const productOrderId = await c.env.makePaymentOrder(c.target.customerId, { paymentMethod: "ONLINE", paymentStatus: "Paid" });
  await db.order.update({ where: { productOrderId }, data: { providerPaymentId: c.env.gatewayPayment(9900) } });
  return (await db.refund.create({ data: { productOrderId, amount: 9900, reason: "order cancelled", status } })).refundId;
}

/** a box of the target's order (issue 28), with an AWB of its own */
const shipmentOf = (c: Case, status = "Created") => c.env.makeShipment(c.target.customerId, status);
/** tomorrow in India: a re-attempt day inside the allowed week whatever the hour */
const tomorrowIst = () => new Date(Date.now() + 330 * 60_000 + 86_400_000).toISOString().slice(0, 10);

const completedOrder = (c: Case) => c.env.makeOrder(c.target.customerId, { orderStatus: "Completed", paymentStatus: "Paid", endDate: new Date() });

/** a review (issue 31) of the target's, of a fresh product, made straight in the database */
async function freshReview(c: Case) {
  const data = { productId: await c.env.makeProduct(), customerId: c.target.customerId, rating: 4, body: "Written by the access matrix." };
  return (await c.env.handle.db.review.create({ data, select: { reviewId: true } })).reviewId;
}
/** a fresh product the caller received (a delivered line), so the caller may review it */
async function boughtProduct(c: Case) {
  const productId = await c.env.makeProduct();
  await c.env.makeOrder(c.self.customerId, { productId, orderStatus: "Completed", paymentStatus: "Paid", endDate: new Date() });
  return { productId, rating: 5, title: "Matrix", body: "Cleans well and smells fresh." };
}

// ---------------------------------------------------------------- THE TABLE
// typed with every procedure: a procedure without an entry (or an entry without one) does not compile
export const MATRIX: Record<ProcedurePath, Entry> & Partial<Record<string, Entry>> = {
  "auth.customerLogin": { rule: PUBLIC, input: (c) => ({ number: c.env.owner.number, password: PASSWORD }) },
  "auth.adminLogin": { rule: PUBLIC, input: () => ({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }) },
  "auth.adminMe": { rule: ADMIN, input: none },
  "auth.adminChangePassword": { rule: ADMIN, input: () => ({ currentPassword: TEST_ADMIN.password, newPassword: TEST_ADMIN.password }) },
  "auth.logoutAll": { rule: SIGNED_IN, input: none },
  "auth.customerForgotPassword": { rule: PUBLIC, input: (c) => ({ email: c.target.email }) },
  "auth.customerResetPassword": { rule: PUBLIC, input: (c) => resetInput(c, "customer") },
  "auth.adminForgotPassword": { rule: PUBLIC, input: () => ({ email: TEST_ADMIN.email }) },
  "auth.adminResetPassword": { rule: PUBLIC, input: (c) => resetInput(c, "admin") },

  "customers.save": { rule: PUBLIC, input: (c) => c.env.signUpFields() },
  "customers.details": { rule: OWNER_OR_ADMIN, input: (c) => ({ customerId: c.target.customerId }) },
  "customers.list": { rule: ADMIN, input: none },
  "customers.page": { rule: ADMIN, input: () => ({ page: 1, search: "" }) },
  "customers.update": {
    rule: OWNER_OR_ADMIN,
    input: (c) => {
      const { password: _p, agreeToTerms: _a, ...fields } = c.target.fields;
      return { ...fields, customerId: c.target.customerId };
    },
  },
  "customers.setStatus": { rule: ADMIN, input: async (c) => ({ customerId: (await c.env.makeCustomer()).customerId, customerStatus: false }) },
  "customers.delete": { rule: ADMIN, input: async (c) => ({ customerId: (await c.env.makeCustomer()).customerId }) },
  "customers.deleteLegacy": { rule: ADMIN, input: async (c) => ({ id: (await c.env.makeCustomer()).customerId }) },
  // the address book (issue 29): "me" paths, customers only; another customer's address is answered as missing
  "addresses.list": { rule: CUSTOMER, input: none },
  "addresses.add": { rule: CUSTOMER, success: 201, input: roomInBook },
  "addresses.update": {
    rule: { ...OWNER, other: 404 },
    input: async (c) => ({ addressId: await freshAddress(c), label: "Other", landmark: "Near the temple" }),
  },
  "addresses.remove": { rule: { ...OWNER, other: 404 }, input: async (c) => ({ addressId: await freshAddress(c) }) },
  "addresses.setDefault": { rule: { ...OWNER, other: 404 }, input: async (c) => ({ addressId: await freshAddress(c) }) },
  // message preferences (issue 30): "me" paths, customers only; the token says whose
  "preferences.get": { rule: CUSTOMER, input: none },
  "preferences.update": { rule: CUSTOMER, input: () => ({ language: "hi", emailMarketingOptIn: false }) },
  "preferences.history": { rule: CUSTOMER, input: none },
  // reviews (issue 31): written by customers only; another customer's review is answered as missing
  "reviews.create": { rule: CUSTOMER, success: 201, input: boughtProduct },
  "reviews.edit": { rule: { ...OWNER, other: 404 }, input: async (c) => ({ reviewId: await freshReview(c), rating: 3, body: "Edited by the access matrix." }) },
  "reviews.remove": { rule: { ...OWNER, other: 404 }, input: async (c) => ({ reviewId: await freshReview(c) }) },
  "reviews.forProduct": { rule: PUBLIC, input: (c) => ({ productId: c.env.productId, sort: "highest" }) },
  "reviews.mine": { rule: CUSTOMER, input: (c) => ({ productId: c.env.productId }) },
  "reviews.list": { rule: ADMIN, input: () => ({ status: "Pending" }) },
  "reviews.moderate": { rule: ADMIN, input: async (c) => ({ reviewId: await freshReview(c), decision: "Published" }) },
  "reviews.reply": { rule: ADMIN, input: async (c) => ({ reviewId: await freshReview(c), text: "Thank you for the review." }) },
  "reviews.report": { rule: STORE_OWNER, input: () => ({ month: "2026-11" }) },

  "products.list": { rule: PUBLIC, input: () => ({ search: "Probe" }) },
  "products.shelf": { rule: PUBLIC, input: () => ({ search: "Probe", page: 1 }) },
  "products.categories": { rule: PUBLIC, input: none },
  "products.trending": { rule: PUBLIC, input: none },
  "products.byId": { rule: PUBLIC, input: (c) => ({ productId: c.env.productId }) },
  "products.page": { rule: ADMIN, input: () => ({ page: 1, search: "Probe" }) },
  "products.save": { rule: ADMIN, input: () => productFields({ productName: "Matrix Cleaner" }) },
  "products.update": { rule: ADMIN, input: async (c) => ({ productId: await c.env.makeProduct(), productName: "Renamed Cleaner" }) },
  "products.delete": { rule: ADMIN, input: async (c) => ({ productId: await c.env.makeProduct() }) },
  "products.remove": { rule: ADMIN, input: async (c) => ({ productId: await c.env.makeProduct() }) },
  "variants.create": {
    rule: ADMIN,
    success: 201,
    input: async (c) => ({ productId: await c.env.makeProduct(), ...packFields() }),
  },
  "variants.update": { rule: ADMIN, input: async (c) => ({ ...(await firstPackOfNewProduct(c)), stock: 7 }) },
  "variants.remove": {
    rule: ADMIN,
    input: async (c) => {
      const { productId } = await firstPackOfNewProduct(c);
      const second = await c.env.handle.db.productVariant.create({
        data: { productId, ...packFields(), mrp: 12000, price: 9900, hsnCode: "3402", gstRate: 18, weightGrams: 500 },
        select: { variantId: true },
      });
      return { productId, variantId: second.variantId };
    },
  },

  "cart.save": { rule: OWNER, input: async (c) => ({ productId: await c.env.makeProduct(), quantity: 1, customerId: c.target.customerId }) },
  "cart.update": { rule: OWNER_OR_ADMIN, input: async (c) => ({ addToCartId: await c.env.makeCartLine(c.target.customerId), quantity: 2 }) },
  "cart.updatePost": { rule: OWNER_OR_ADMIN, input: async (c) => ({ addToCartId: await c.env.makeCartLine(c.target.customerId), quantity: 2 }) },
  "cart.list": { rule: ADMIN, input: none },
  "cart.page": { rule: ADMIN, input: () => ({ page: 1, search: "" }) },
  "cart.byId": { rule: OWNER_OR_ADMIN, input: async (c) => ({ addToCartId: await c.env.makeCartLine(c.target.customerId) }) },
  "cart.byCustomer": { rule: OWNER_OR_ADMIN, input: (c) => ({ customerId: c.target.customerId }) },
  "cart.delete": { rule: OWNER_OR_ADMIN, input: async (c) => ({ addToCartId: await c.env.makeCartLine(c.target.customerId) }) },
  "cart.remove": { rule: OWNER_OR_ADMIN, input: async (c) => ({ addToCartId: await c.env.makeCartLine(c.target.customerId) }) },
  "cart.checkout": {
    rule: CUSTOMER,
    input: async (c) => {
      await c.env.makeCartLine(c.self.customerId);
      return {};
    },
  },

  "orders.save": { rule: OWNER, input: (c) => ({ productId: c.env.productId, quantity: 1, customerId: c.target.customerId }) },
  "orders.list": { rule: ADMIN, input: none },
  "orders.page": { rule: ADMIN, input: () => ({ page: 1, search: "", view: "shipping" }) },
  "orders.byId": { rule: OWNER_OR_ADMIN_HIDDEN, input: async (c) => ({ orderId: await c.env.makeOrder(c.target.customerId) }) },
  "orders.byCustomer": { rule: OWNER_OR_ADMIN, input: (c) => ({ customerId: c.target.customerId }) },
  "orders.orderProducts": { rule: OWNER_OR_ADMIN, input: (c) => ({ customerId: c.target.customerId }) },
  "orders.update": { rule: ADMIN, input: async (c) => ({ orderId: await c.env.makeOrder(c.target.customerId), orderStatus: "On the way" }) },
  "orders.updateStatus": { rule: ADMIN, input: async (c) => ({ orderId: await c.env.makeOrder(c.target.customerId), orderStatus: "Cancelled" }) },
  "orders.requestReturn": { rule: { ...OWNER, other: 404 }, input: async (c) => ({ orderId: await completedOrder(c), reason: "Damaged product" }) },
  "orders.decideReturn": {
    rule: ADMIN,
    input: async (c) => ({
      orderId: await c.env.makeOrder(c.target.customerId, { orderStatus: "Completed", endDate: new Date(), returnStatus: "Requested" }),
      returnStatus: "Approved",
    }),
  },

  "orderDesk.list": { rule: ADMIN, input: () => ({ page: 1, status: "unfulfilled", payment: "all", search: "Probe" }) },
  "orderDesk.setStatus": {
    rule: ADMIN,
    input: async (c) => ({ productOrderId: await c.env.makePaymentOrder(c.target.customerId, { paymentMethod: "COD" }), orderStatus: "On the way" }),
  },

  "orders.codConfirm": { rule: OWNER_OR_ADMIN_HIDDEN, input: pendingCodConfirm },
  "orders.order": {
    rule: OWNER_OR_ADMIN_HIDDEN,
    input: async (c) => ({ productOrderId: await c.env.makePaymentOrder(c.target.customerId, { paymentMethod: "COD" }) }),
  },

  "orders.invoice": {
    rule: OWNER_OR_ADMIN_HIDDEN,
    input: async (c) => ({ productOrderId: (await c.env.makeInvoicedOrder(c.target.customerId)).productOrderId }),
  },
  "orders.creditNote": { rule: OWNER_OR_ADMIN_HIDDEN, input: async (c) => c.env.makeInvoicedOrder(c.target.customerId) },
  "reports.gst": { rule: ADMIN, input: () => ({ month: "2026-11" }) },
  "settings.storeFacts": { rule: PUBLIC, input: none },

  "emails.page": { rule: STORE_OWNER, input: () => ({ page: 1, search: "" }) },
  "emails.byId": { rule: STORE_OWNER, input: async (c) => ({ messageId: await latestEmail(c) }) },
  "emails.resend": { rule: STORE_OWNER, input: async (c) => ({ messageId: await latestEmail(c) }) },
  // what buyers wrote on WhatsApp (issue 30): the owner's, like the outbox
  "messagingInbox.list": { rule: STORE_OWNER, input: () => ({ page: 1, search: "" }) },
  // the DLT templates of SMS (issue 29): staff may read them
  "messagingTemplates.list": { rule: ADMIN, input: () => ({ channel: "sms" }) },
  "messagingTemplates.create": { rule: STORE_OWNER, success: 201, input: smsTemplateFields },
  "messagingTemplates.update": { rule: STORE_OWNER, input: async (c) => ({ templateId: await freshTemplate(c), senderId: "CLNSTR" }) },
  "messagingTemplates.remove": { rule: STORE_OWNER, input: async (c) => ({ templateId: await freshTemplate(c) }) },

  "payments.options": { rule: PUBLIC, input: none },
  "payments.get": {
    rule: OWNER_OR_ADMIN_HIDDEN,
    input: async (c) => ({ productOrderId: await c.env.makePaymentOrder(c.target.customerId, { paymentMethod: "UPI" }) }),
  },
  "payments.upiQrPng": {
    rule: OWNER_OR_ADMIN_HIDDEN,
    input: async (c) => ({ productOrderId: await c.env.makePaymentOrder(c.target.customerId, { paymentMethod: "UPI" }) }),
  },
  "payments.submitUtr": {
    rule: { ...OWNER, other: 404 },
    input: async (c) => ({ productOrderId: await c.env.makePaymentOrder(c.target.customerId, { paymentMethod: "UPI" }), utr: c.env.uniqueUtr() }),
  },
  "payments.awaiting": { rule: ADMIN, input: none },
  "payments.confirm": { rule: STORE_OWNER, input: async (c) => ({ productOrderId: await awaitingUpi(c) }) },
  "payments.undoConfirm": {
    rule: STORE_OWNER,
    input: async (c) => ({
      productOrderId: await c.env.makePaymentOrder(c.target.customerId, {
        paymentMethod: "UPI",
        paymentStatus: "Paid",
        utr: c.env.uniqueUtr(),
        utrConfirmedAt: new Date(),
      }),
    }),
  },
  "payments.verifications": { rule: ADMIN, input: () => ({ page: 1 }) },
  "payments.undoable": { rule: ADMIN, input: () => ({}) },
  "payments.reject": { rule: STORE_OWNER, input: async (c) => ({ productOrderId: await awaitingUpi(c), reason: "No such credit in the bank statement" }) },
  "payments.verify": {
    rule: OWNER_OR_ADMIN_HIDDEN,
    input: async (c) => {
      const providerOrderId = `order_matrix${c.env.uniqueUtr()}`;
      const productOrderId = await c.env.makePaymentOrder(c.target.customerId, { paymentMethod: "ONLINE", providerOrderId });
      const paymentId = `pay_matrix${c.env.uniqueUtr()}`;
      const signature = createHmac("sha256", c.env.gatewayKeySecret).update(`${providerOrderId}|${paymentId}`).digest("hex");
      return { productOrderId, razorpay_order_id: providerOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature };
    },
  },
  "payments.recordRefund": {
    rule: STORE_OWNER,
    input: async (c) => {
      const productOrderId = await c.env.makePaymentOrder(c.target.customerId, { paymentMethod: "COD", paymentStatus: "Paid" });
      const refund = await c.env.handle.db.refund.create({ data: { productOrderId, amount: 9900, reason: "return approved" } });
      return { productOrderId, refundId: refund.refundId, reference: "NEFT-MATRIX-1" };
    },
  },
  "payments.openRefunds": { rule: ADMIN, input: none },
  "payments.approveRefund": { rule: STORE_OWNER, input: async (c) => ({ refundId: await onlineRefund(c, "Awaiting approval") }) },
  "payments.retryRefund": { rule: STORE_OWNER, input: async (c) => ({ refundId: await onlineRefund(c, "Failed") }) },

  "stats.customerCount": { rule: ADMIN, input: none },
  "stats.productCount": { rule: ADMIN, input: none },
  "stats.orderCount": { rule: ADMIN, input: none },
  "stats.completedCount": { rule: ADMIN, input: none },
  "stats.pendingCount": { rule: ADMIN, input: none },
  "stats.cartCount": { rule: ADMIN, input: none },
  "stats.dashboard": { rule: ADMIN, input: none },

  "settings.get": { rule: ADMIN, input: none },
  "settings.update": { rule: STORE_OWNER, input: () => ({ defaultDeliveryCharge: "Free" }) },

  "reports.sales": { rule: ADMIN, input: () => ({ from: "2026-11-01", to: "2026-11-30" }) },
  "reports.todo": { rule: ADMIN, input: none },
  "reports.hsnNames": { rule: ADMIN, input: none },
  "reports.nameHsn": { rule: STORE_OWNER, input: () => ({ hsnCode: "3402", description: "Washing and cleaning preparations" }) },
  // a real import (a dry run changes nothing and is not on the audit trail)
  "imports.products": { rule: ADMIN, input: () => ({ csv: IMPORT_CSV, dryRun: false }) },
  "exports.info": { rule: ADMIN, input: () => ({ kind: "orders", search: "Probe" }) },
  "audit.page": { rule: STORE_OWNER, input: () => ({ page: 1 }) },
  "staff.list": { rule: STORE_OWNER, input: none },
  "staff.create": { rule: STORE_OWNER, input: (c) => ({ name: "Matrix Staff", email: c.env.signUpFields().email, password: "Lavender-Mop-Bucket-2026" }) },
  "staff.disable": { rule: STORE_OWNER, input: async (c) => ({ adminId: await freshStaff(c) }) },
  "staff.enable": { rule: STORE_OWNER, input: async (c) => ({ adminId: await freshStaff(c, false) }) },
  "jobs.run": { rule: STORE_OWNER, input: () => ({ job: "upi-expiry" }) },
  "zones.list": { rule: STORE_OWNER, input: none },
  "zones.create": { rule: STORE_OWNER, success: 201, input: zoneFields },
  "zones.update": { rule: STORE_OWNER, input: async (c) => ({ zoneId: await freshZone(c), fee: 55 }) },
  "zones.remove": { rule: STORE_OWNER, input: async (c) => ({ zoneId: await freshZone(c) }) },
  "zones.preview": { rule: STORE_OWNER, input: () => ({ pincode: "400001" }) },
  "serviceability.storeTerms": { rule: PUBLIC, input: none },
  "serviceability.check": { rule: PUBLIC, input: () => ({ pincode: "400001", paymentMethod: "COD", itemsTotal: 450 }) },
  "coupons.create": { rule: ADMIN, success: 201, input: () => ({ ...couponFields(), code: couponCode() }) },
  "coupons.list": { rule: ADMIN, input: () => ({ status: "active", search: "MX" }) },
  "coupons.get": { rule: ADMIN, input: async (c) => ({ couponId: await freshCoupon(c) }) },
  "coupons.update": { rule: ADMIN, input: async (c) => ({ couponId: await freshCoupon(c), description: "Changed by the matrix" }) },
  "coupons.disable": { rule: ADMIN, input: async (c) => ({ couponId: await freshCoupon(c) }) },
  // the shopper's coupon calls (issue 26), on the caller's own cart
  "offers.cartQuote": { rule: CUSTOMER, input: () => ({ paymentMethod: "COD" }) },
  "offers.applyCartCoupon": {
    rule: CUSTOMER,
    input: async (c) => {
      await c.env.makeCartLine(c.self.customerId);
      const { code } = await c.env.handle.db.coupon.findUniqueOrThrow({ where: { couponId: await freshCoupon(c) }, select: { code: true } });
      return { code, paymentMethod: "COD" };
    },
  },
  "offers.removeCartCoupon": { rule: CUSTOMER, input: none },
  // the PIN-code directory (issue 27)
  "pincodes.lookup": { rule: PUBLIC, input: async (c) => ({ pincode: await knownPincode(c) }) },
  "pincodes.list": { rule: STORE_OWNER, input: () => ({ search: "4110", serviceable: "true" }) },
  "pincodes.import": {
    rule: STORE_OWNER,
    input: () => ({ csv: "pincode,city,district,state,serviceable,cod,etaDays\n411001,Pune,Pune,27,yes,yes,2\n", dryRun: false }),
  },
  // shipments (issue 28): the box and its courier, the buyer's view, the steps, NDR and the public tracking page
  "shipments.create": {
    rule: ADMIN,
    success: 201,
    input: async (c) => ({
      productOrderId: await c.env.makePaymentOrder(c.target.customerId, { paymentMethod: "COD" }),
      courier: "manual",
      courierName: "Delhivery Surface",
      awb: `MXC${c.env.uniqueUtr()}`,
    }),
  },
  "shipments.forOrder": { rule: OWNER_OR_ADMIN_HIDDEN, input: async (c) => ({ productOrderId: (await shipmentOf(c)).productOrderId }) },
  "shipments.list": { rule: ADMIN, input: () => ({ status: "NDR", courier: "manual", search: "MX" }) },
  "shipments.get": { rule: ADMIN, input: async (c) => ({ shipmentId: (await shipmentOf(c)).shipmentId }) },
  "shipments.cancel": { rule: ADMIN, input: async (c) => ({ shipmentId: (await shipmentOf(c)).shipmentId }) },
  "tracking.addEvent": { rule: ADMIN, input: async (c) => ({ shipmentId: (await shipmentOf(c)).shipmentId, status: "Picked up", location: "Pune hub" }) },
  "tracking.ndrAction": {
    rule: ADMIN,
    input: async (c) => ({ shipmentId: (await shipmentOf(c, "NDR")).shipmentId, action: "REATTEMPT", preferredDate: tomorrowIst() }),
  },
  "tracking.reattempt": {
    rule: OWNER_OR_ADMIN_HIDDEN,
    input: async (c) => {
      const { shipmentId, productOrderId } = await shipmentOf(c, "NDR");
      return { productOrderId, shipmentId, preferredDate: tomorrowIst(), landmark: "Near the temple" };
    },
  },
  // guest checkout (issue 29): no login; a token sent changes nothing
  "guest.createCart": { rule: PUBLIC, success: 201, input: none },
  "guest.cart": { rule: PUBLIC, input: async (c) => ({ cartToken: (await freshGuestCart(c)).cartToken }) },
  "guest.addItem": {
    rule: PUBLIC,
    input: async (c) => ({ cartToken: (await freshGuestCart(c, false)).cartToken, ...(await firstPackOfNewProduct(c)), quantity: 1 }),
  },
  "guest.setItem": { rule: PUBLIC, input: async (c) => ({ ...(await freshGuestCart(c)), quantity: 2 }) },
  "guest.checkout": {
    rule: PUBLIC,
    success: 201,
    input: async (c) => {
      // with zones, a PIN code must be in the directory; the zones other cases made cover random
      // prefixes: a default zone (match "") serves the rest
      await knownPincode(c);
      await c.env.handle.db.shippingZone.upsert({
        where: { matchKey: "" },
        create: { name: "Matrix Default Zone", match: "", matchKey: "", fee: 40, etaDaysMin: 2, etaDaysMax: 5 },
        update: {},
        select: { zoneId: true },
      });
      return guestCheckoutInput(c);
    },
  },
  "guest.exchangeLink": { rule: PUBLIC, input: guestOrderLink },
  "tracking.track": { rule: PUBLIC, input: async (c) => ({ awb: (await shipmentOf(c)).awb, pincode: "411001" }) },

  // phone OTPs (issue 29): a fresh phone each call, so the resend wait of one phone never answers
  "otp.send": { rule: PUBLIC, input: (c) => ({ phone: c.env.signUpFields().number, purpose: "GUEST_CHECKOUT" }) },
  "otp.verify": { rule: PUBLIC, input: otpToVerify },

  // complaints (issue 31)
  "grievances.create": {
    rule: COMPLAINANT,
    success: 201,
    input: () => ({
      category: "ORDER",
      subject: "Matrix complaint",
      description: "The access matrix files this complaint.",
      name: "Matrix Guest",
      email: "matrix.guest@example.in",
      phone: "9876500001",
    }),
  },
  "grievances.list": { rule: SIGNED_IN, input: () => ({ page: 1, overdue: "true", search: "GRV" }) },
  "grievances.byTicket": { rule: COMPLAINT_READER, input: async (c) => ({ ticketNumber: await freshGrievance(c), email: c.target.email }) },
  "grievances.addMessage": {
    rule: COMPLAINT_READER,
    success: 201,
    input: async (c) => ({ ticketNumber: await freshGrievance(c), email: c.target.email, text: "Any news on this?" }),
  },
  "grievances.setStatus": { rule: ADMIN, input: async (c) => ({ ticketNumber: await freshGrievance(c), status: "In progress" }) },
  "grievances.report": { rule: STORE_OWNER, input: () => ({ month: "2026-11" }) },
};
// ---------------------------------------------------------------- END OF TABLE

/** the WhatsApp webhook's secrets (issue 30), set in the suite's services on first use */
function whatsappSecrets(c: Case): { appSecret: string; verifyToken: string } {
  const current = c.env.services.whatsapp;
  const appSecret = current.appSecret ?? "security-suite-whatsapp-app-secret";
  const verifyToken = current.verifyToken ?? "security-suite-whatsapp-verify-token";
  c.env.services.whatsapp = { ...current, appSecret, verifyToken };
  return { appSecret, verifyToken };
}

// ---------------------------------------------------------------- THE RAW ROUTES
// The /api/v1 routes served outside the REST facade (apps/server/src/plugins/raw-route.ts): what
// each role gets, and a request to try it with (path and query under /api/v1, built fresh per call).
export interface RawRequest {
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}
export interface RawEntry {
  rule: Rule;
  request: (c: Case) => RawRequest | Promise<RawRequest>;
  /** what an allowed call answers when it is not 200 (a 204 without a body) */
  success?: 204;
}

/** keyed "METHOD /openapi/path", as /api/v1/openapi.json lists them */
export const RAW_MATRIX: Record<string, RawEntry> = {
  "GET /orders/{productOrderId}/invoice.pdf": {
    rule: OWNER_OR_ADMIN_HIDDEN,
    request: async (c) => ({ url: `/orders/${(await c.env.makeInvoicedOrder(c.target.customerId)).productOrderId}/invoice.pdf` }),
  },
  "GET /orders/{productOrderId}/credit-notes/{creditNoteNumber}.pdf": {
    rule: OWNER_OR_ADMIN_HIDDEN,
    request: async (c) => {
      const { productOrderId, creditNoteNumber } = await c.env.makeInvoicedOrder(c.target.customerId);
      return { url: `/orders/${productOrderId}/credit-notes/${encodeURIComponent(creditNoteNumber)}.pdf` };
    },
  },
  "GET /reports/gst.csv": { rule: ADMIN, request: () => ({ url: "/reports/gst.csv?month=2026-11" }) },
  "GET /export/{kind}.csv": { rule: ADMIN, request: () => ({ url: "/export/orders.csv?search=Probe" }) },
  "GET /shipments/{shipmentId}/label.pdf": { rule: ADMIN, request: async (c) => ({ url: `/shipments/${(await shipmentOf(c)).shipmentId}/label.pdf` }) },
  // the courier authenticates with its shared token (x-api-key), not a bearer token: a bearer token changes nothing
  "POST /shipping/webhook/courier": {
    rule: PUBLIC,
    request: async (c) => {
      const { awb } = await shipmentOf(c);
      const at = new Date().toISOString().slice(0, 19).replace("T", " ");
      const scan = { date: at, activity: "Shipment picked up", location: "Pune", "sr-status": "42", "sr-status-label": "PICKED UP" };
      return {
        url: "/shipping/webhook/courier",
        headers: { "content-type": "application/json", "x-api-key": c.env.courierWebhookToken },
        payload: JSON.stringify({ awb, current_status: "PICKED UP", current_status_id: 42, current_timestamp: at, scans: [scan] }),
      };
    },
  },
  // Meta's WhatsApp webhook (issue 30): a verify token and a signed body, not a bearer token; the status names no message of the store
  "GET /messaging/webhook/whatsapp": {
    rule: PUBLIC,
    request: (c) => ({
      url: `/messaging/webhook/whatsapp?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(whatsappSecrets(c).verifyToken)}&hub.challenge=1158201444`,
    }),
  },
  "POST /messaging/webhook/whatsapp": {
    rule: PUBLIC,
    request: (c) => {
      const status = { id: `wamid.matrix${randomBytes(8).toString("hex")}`, status: "delivered", timestamp: "1764000000", recipient_id: "919876543210" };
      const payload = JSON.stringify({
        object: "whatsapp_business_account",
        entry: [{ id: "1", changes: [{ field: "messages", value: { statuses: [status] } }] }],
      });
      const signature = `sha256=${createHmac("sha256", whatsappSecrets(c).appSecret).update(payload).digest("hex")}`;
      return { url: "/messaging/webhook/whatsapp", headers: { "content-type": "application/json", "x-hub-signature-256": signature }, payload };
    },
  },
  "GET /payments/{productOrderId}/qr.png": {
    rule: OWNER_OR_ADMIN_HIDDEN,
    request: async (c) => ({ url: `/payments/${await c.env.makePaymentOrder(c.target.customerId, { paymentMethod: "UPI" })}/qr.png` }),
  },
  // the storefront's session cookie (plugins/session.ts): set from a customer's own token only,
  // cleared for anyone (a logout needs no valid token)
  "POST /session": { rule: CUSTOMER, request: () => ({ url: "/session" }), success: 204 },
  "DELETE /session": { rule: PUBLIC, request: () => ({ url: "/session" }), success: 204 },
  // no bearer token is asked: the gateway signs the body, and a token changes nothing
  "POST /payments/webhook/razorpay": {
    rule: PUBLIC,
    request: (c) => {
      const event = c.env.gatewayWebhook("payment.failed", `order_matrix${c.env.uniqueUtr()}`);
      return {
        url: "/payments/webhook/razorpay",
        headers: { "content-type": "application/json", "x-razorpay-signature": event.signature, "x-razorpay-event-id": event.eventId },
        payload: event.body,
      };
    },
  },
};
