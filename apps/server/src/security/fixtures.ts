// Shared pieces of the security suites (OWASP API Security Top 10, issue 6): the real Fastify
// app on a fresh test database, tokens for every role, records made straight in the database
// (fast: one argon2 hash for all), REST and tRPC requests built from one input object, and a
// fingerprint of the whole database to prove that a denied call changed nothing.
import fs from "node:fs";
import path from "node:path";
import { SignJWT } from "jose";
import superjson from "superjson";
import { generateOpenApiDocument } from "trpc-to-openapi";
import { appRouter, createFirstVariant, createRazorpayProvider, hashPassword } from "@store/api";
import { TEST_ADMIN, TEST_JWT_SECRET, customerFields, productFields } from "@store/api/testing";
import { startRazorpayStandIn } from "@store/api/testing/razorpay";
import { createHttpTestEnv, type HttpTestEnv } from "../testing.ts";
import { GET_MUTATIONS } from "./procedures.ts";

export const ROLES = ["anonymous", "owner", "other", "admin", "staff", "inactive", "forged", "expired"] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD = "Secret@123";

export interface OpenApiInfo {
  method: "GET" | "POST" | "DELETE" | "PUT" | "PATCH";
  path: string;
}

export interface ProcedureInfo {
  name: string;
  type: "query" | "mutation";
  openapi?: OpenApiInfo;
}

const HTTP_METHODS = new Set(["get", "post", "put", "patch", "delete"]);

/**
 * Every procedure of the router, read from its OpenAPI document (trpc-to-openapi's operationId is
 * the procedure's path with "-" for "."). Every procedure has a REST path; matrix.ts is typed
 * with every procedure of the router, so one without a path fails the access matrix.
 */
export function listProcedures(): ProcedureInfo[] {
  const doc = generateOpenApiDocument(appRouter, { title: "procedures", version: "1", baseUrl: "/" });
  return Object.entries(doc.paths ?? {}).flatMap(([path, operations]) =>
    Object.entries(operations as Record<string, { operationId?: string }>)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => {
        const name = (operation.operationId ?? "").replace(/-/g, ".");
        // queries are exposed over GET only; the mutations the spec calls over GET are listed
        const type = method === "get" && !GET_MUTATIONS.has(name) ? ("query" as const) : ("mutation" as const);
        return { name, type, openapi: { method: method.toUpperCase() as OpenApiInfo["method"], path } };
      }),
  );
}

export interface Req {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** the client's address (login limits are per IP) */
  remoteAddress?: string;
}

/** encodeURIComponent, except that a lone surrogate becomes the raw (invalid UTF-8) bytes a client could still send */
export function safeEncode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return "%ED%A0%80";
  }
}

/** The REST request for a procedure and input: path params substituted, GET as query string, else a JSON body. */
export function restRequest(openapi: OpenApiInfo, input: Record<string, unknown> | undefined, token?: string): Req {
  const rest: Record<string, unknown> = { ...(input ?? {}) };
  const path = openapi.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = rest[key];
    delete rest[key];
    return safeEncode(String(value));
  });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (openapi.method === "GET" || openapi.method === "DELETE") {
    const qs = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)])).toString();
    return { method: openapi.method, url: `/api/v1${path}${qs ? `?${qs}` : ""}`, headers };
  }
  return { method: openapi.method, url: `/api/v1${path}`, headers: { ...headers, "content-type": "application/json" }, payload: JSON.stringify(rest) };
}

/** The tRPC request (superjson) for a procedure and input. */
export function trpcRequest(p: ProcedureInfo, input: unknown, token?: string): Req {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const encoded = JSON.stringify(superjson.serialize(input));
  if (p.type === "query") return { method: "GET", url: `/api/trpc/${p.name}?input=${encodeURIComponent(encoded)}`, headers };
  return { method: "POST", url: `/api/trpc/${p.name}`, headers: { ...headers, "content-type": "application/json" }, payload: encoded };
}

export interface Customer {
  customerId: number;
  number: string;
  email: string;
  fields: ReturnType<typeof customerFields>;
}

export interface SecurityEnv extends HttpTestEnv {
  tokens: Record<Role, string | undefined>;
  owner: Customer;
  other: Customer;
  inactive: Customer;
  productId: number;
  /** a customer made straight in the database (active unless told) */
  makeCustomer(active?: boolean): Promise<Customer>;
  /** sign-up fields with a phone number and email no one has */
  signUpFields(): ReturnType<typeof customerFields>;
  makeProduct(overrides?: Record<string, unknown>): Promise<number>;
  makeCartLine(customerId: number, quantity?: number): Promise<number>;
  /** the product's default pack (variantId): what a cart line or an order line of it points at (issue 25) */
  packOf(productId: number): Promise<number>;
  makeOrder(customerId: number, data?: Record<string, unknown>): Promise<number>;
  /** an order of one line paid (or to be paid) a given way, e.g. a UPI order awaiting verification; its productOrderId */
  makePaymentOrder(
    customerId: number,
    payment: { paymentMethod: "COD" | "UPI" | "ONLINE"; paymentStatus?: string; utr?: string; providerOrderId?: string; utrConfirmedAt?: Date },
  ): Promise<string>;
  /**
   * a box (issue 28) of a new COD order of the customer, made straight in the database: a manual
   * courier, an AWB no other box has, the status given (Created unless told), delivered to PIN 411001
   */
  makeShipment(customerId: number, status?: string): Promise<{ shipmentId: number; productOrderId: string; awb: string }>;
  /** an order with a tax invoice and one credit note; its productOrderId and the credit note's number */
  makeInvoicedOrder(customerId: number): Promise<{ productOrderId: string; creditNoteNumber: string }>;
  /** a 12-digit UTR no order has */
  uniqueUtr(): string;
  /** the gateway's key secret in this env (to sign a checkout callback) */
  gatewayKeySecret: string;
  /** a payment the gateway (a local stand-in) captured, of that many paise: online refunds of it go through */
  gatewayPayment(amountPaise: number): string;
  /** a webhook event of the gateway stand-in, signed with the env's webhook secret */
  gatewayWebhook(event: "payment.captured" | "payment.failed", providerOrderId: string): { body: string; signature: string; eventId: string };
  /** the courier webhook's shared token in this env (x-api-key of POST /shipping/webhook/courier) */
  courierWebhookToken: string;
  /** a digest of every business table: equal before and after means nothing changed */
  fingerprint(): Promise<string>;
  inject(req: Req): Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>;
}

export async function signWith(secret: string, claims: { role: string; sub: string }, expiresAt?: number) {
  const jwt = new SignJWT({ role: claims.role }).setProtectedHeader({ alg: "HS256" }).setSubject(claims.sub).setIssuer("cleaning-store");
  if (expiresAt !== undefined) jwt.setIssuedAt(expiresAt - 3600).setExpirationTime(expiresAt);
  else jwt.setIssuedAt().setExpirationTime("1h");
  return jwt.sign(new TextEncoder().encode(secret));
}

export async function createSecurityEnv(): Promise<SecurityEnv> {
  const env = await createHttpTestEnv();
  const db = env.handle.db;
  const passwordHash = await hashPassword(PASSWORD);
  let n = 0;
  // phone numbers and emails unique within this database (the shared helper's can collide over hundreds)
  const base = 6_000_000_000 + Math.floor(Math.random() * 900_000_000);
  const uniqueContact = () => {
    n++;
    return { number: String(base + n), email: `probe.${base}.${n}@example.in` };
  };

  const makeCustomer = async (active = true): Promise<Customer> => {
    const fields = customerFields({ password: PASSWORD, ...uniqueContact() });
    const { password: _password, agreeToTerms: _terms, ...data } = fields;
    const row = await db.customer.create({
      data: { ...data, passwordHash, customerStatus: active, agreeToTerms: true },
      select: { customerId: true },
    });
    return { customerId: row.customerId, number: fields.number, email: fields.email, fields };
  };
  const makeProduct = async (overrides: Record<string, unknown> = {}) => {
    n++;
    const f = productFields({ productName: `Probe Cleaner ${n}`, quantity: 1000, ...overrides });
    const row = await db.product.create({
      data: {
        productName: f.productName,
        productPrice: Math.round(Number(f.productPrice) * 100),
        mainPrice: Math.round(Number(f.mainPrice) * 100),
        offer: f.offer,
        packSize: f.packSize,
        productInfo: f.productInfo,
        deliveryCharge: f.deliveryCharge === "Free" ? null : Math.round(Number(f.deliveryCharge) * 100),
        quantity: Number(f.quantity),
      },
      select: { productId: true, productPrice: true, mainPrice: true, packSize: true, quantity: true, hsnCode: true, gstRate: true },
    });
    const { productId: _id, ...pack } = row;
    await createFirstVariant(db, row.productId, pack);
    return row.productId;
  };
  const packOf = async (pid: number) => {
    const { defaultVariantId } = await db.product.findUniqueOrThrow({ where: { productId: pid }, select: { defaultVariantId: true } });
    if (defaultVariantId === null) throw new Error(`product ${pid} has no pack`);
    return defaultVariantId;
  };
  const productId = await makeProduct();
  const makeCartLine = async (customerId: number, quantity = 1) => {
    const pid = await makeProduct();
    // a cart line is for a pack (issue 25): the product's one, its default
    const row = await db.cartItem.create({ data: { customerId, productId: pid, variantId: await packOf(pid), quantity }, select: { addToCartId: true } });
    return row.addToCartId;
  };
  const makeHeader = async (customerId: number, header: Record<string, unknown> = {}) => {
    const productOrderId = `ORD-TEST-${++n}`;
    await db.order.create({
      data: {
        productOrderId,
        customerId,
        customerName: "Asha Verma",
        shippingAddress: "12B, MG Road, Pune, Maharashtra 411001",
        pinCode: "411001",
        state: "Maharashtra",
        itemsTotal: 9900,
        deliveryTotal: 0,
        grandTotal: 9900,
        ...header,
      },
    });
    return productOrderId;
  };
  const makeOrder = async (customerId: number, data: Record<string, unknown> = {}, header: Record<string, unknown> = {}) => {
    const now = new Date();
    const paymentStatus = typeof data.paymentStatus === "string" ? data.paymentStatus : undefined;
    const productOrderId = await makeHeader(customerId, { ...(paymentStatus ? { paymentStatus } : {}), ...header });
    // the line snapshots its pack (issue 25): the product's default one
    const pack = await db.productVariant.findFirstOrThrow({
      where: { productId: typeof data.productId === "number" ? data.productId : productId },
      orderBy: { position: "asc" },
      select: { variantId: true, sku: true, label: true, netQuantity: true, netUnit: true, mrp: true, hsnCode: true, gstRate: true },
    });
    const row = await db.productOrder.create({
      data: {
        productOrderId,
        customerId,
        customerName: "Asha Verma",
        shippingAddress: "12B, MG Road, Pune, Maharashtra 411001",
        productId,
        productName: "Probe Cleaner",
        productPrice: 9900,
        orderTotalPrice: 9900,
        quantity: 1,
        deliveryDate: new Date(now.getTime() + 3 * 86400_000),
        ...pack,
        ...data,
      },
      select: { orderId: true },
    });
    return row.orderId;
  };
  const makePaymentOrder: SecurityEnv["makePaymentOrder"] = async (customerId, payment) => {
    const orderId = await makeOrder(customerId, { paymentStatus: payment.paymentStatus ?? "Pending" }, payment);
    return (await db.productOrder.findUniqueOrThrow({ where: { orderId }, select: { productOrderId: true } })).productOrderId;
  };
  const makeShipment: SecurityEnv["makeShipment"] = async (customerId, status = "Created") => {
    const orderId = await makeOrder(customerId, { paymentStatus: "Pending" }, { paymentMethod: "COD" });
    const { productOrderId } = await db.productOrder.findUniqueOrThrow({ where: { orderId }, select: { productOrderId: true } });
    const awb = `MX${String(base).slice(-6)}${++n}`;
    const { shipmentId } = await db.shipment.create({
      data: { productOrderId, courier: "manual", courierName: "Delhivery Surface", awb, weightGrams: 500, status, codAmount: 9900, paymentMethod: "COD" },
      select: { shipmentId: true },
    });
    await db.shipmentEvent.create({ data: { shipmentId, at: new Date(), status: "Created", source: "admin", dedupKey: `${shipmentId}|created` } });
    if (status === "NDR")
      await db.shipment.update({ where: { shipmentId }, data: { ndrAttempts: 1, ndrReason: "Customer not available", ndrLastAttemptAt: new Date() } });
    await db.productOrder.update({ where: { orderId }, data: { shipmentId } });
    return { shipmentId, productOrderId, awb };
  };
  const makeInvoicedOrder: SecurityEnv["makeInvoicedOrder"] = async (customerId) => {
    const productOrderId = await makePaymentOrder(customerId, { paymentMethod: "COD" });
    const document = (kind: string, number: string) => ({
      kind,
      number,
      date: new Date().toISOString(),
      orderReference: productOrderId,
      seller: { name: "CleanStore", address: "Pune", gstin: "27AAACC1234D1ZC", stateName: "Maharashtra", stateCode: "27" },
      buyer: { name: "Asha Verma", address: "12B, MG Road, Pune, Maharashtra 411001", gstin: null },
      placeOfSupply: { stateName: "Maharashtra", stateCode: "27" },
      interState: false,
      lines: [],
      totals: { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 },
      amountInWords: "Zero Rupees Only",
      notes: [],
    });
    const common = {
      productOrderId,
      financialYear: "2026-27",
      issuedAt: new Date(),
      placeOfSupply: "27",
      interState: false,
      taxable: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total: 0,
    };
    const invoiceNumber = `SI/2026-27/${String(++n).padStart(5, "0")}`;
    const creditNoteNumber = `SC/2026-27/${String(n).padStart(5, "0")}`;
    await db.invoice.create({
      data: {
        ...common,
        number: invoiceNumber,
        kind: "INVOICE",
        invoiceOf: productOrderId,
        serial: n,
        document: JSON.stringify(document("TAX INVOICE", invoiceNumber)),
      },
    });
    await db.invoice.create({
      data: {
        ...common,
        number: creditNoteNumber,
        kind: "CREDIT_NOTE",
        originalNumber: invoiceNumber,
        serial: n,
        document: JSON.stringify(document("CREDIT NOTE", creditNoteNumber)),
      },
    });
    return { productOrderId, creditNoteNumber };
  };
  let utrs = 0;
  const uniqueUtr = () => String(100_000_000_000 + base * 10 + ++utrs).slice(-12);
  // UPI and the gateway are configured, so every payment procedure can be tried
  await db.storeSetting.create({ data: { key: "upiVpa", value: "cleanstore@okicici" } });
  const gatewayKeySecret = "security-suite-key-secret";
  const gatewayKeys = { keyId: "rzp_test_security", keySecret: gatewayKeySecret, webhookSecret: "security-suite-webhook-secret" };
  // a local stand-in of the gateway: the owner's refund approvals and retries reach it
  const gateway = await startRazorpayStandIn(gatewayKeys);
  env.services.paymentProvider = createRazorpayProvider({ ...gatewayKeys, apiBase: gateway.url });
  // the courier webhook is set up (issue 28), so its raw route can be tried
  const courierWebhookToken = "security-suite-courier-webhook-token";
  env.services.couriers.webhookToken = courierWebhookToken;

  const owner = await makeCustomer();
  const other = await makeCustomer();
  const inactive = await makeCustomer(false);
  const sign = (claims: Parameters<typeof env.services.tokens.sign>[0]) => env.services.tokens.sign(claims);
  const staff = await db.admin.create({
    // the test admin's password, so that the calls made with it (a password change) work for staff too
    data: { name: "Suite Staff", email: "staff@security-suite.test", passwordHash: await hashPassword(TEST_ADMIN.password), role: "staff" },
    select: { adminId: true },
  });
  const tokens: Record<Role, string | undefined> = {
    anonymous: undefined,
    owner: await sign({ role: "customer", customerId: owner.customerId }),
    other: await sign({ role: "customer", customerId: other.customerId }),
    admin: env.adminToken,
    staff: await sign({ role: "admin", adminId: staff.adminId }),
    inactive: await sign({ role: "customer", customerId: inactive.customerId }),
    // the attacks worth trying: an admin claim signed with a guessed key, a real key's token that has expired
    forged: await signWith("a-guessed-secret-that-is-long-enough-for-hs256", { role: "admin", sub: String(env.adminId) }),
    expired: await signWith(TEST_JWT_SECRET, { role: "admin", sub: String(env.adminId) }, Math.floor(Date.now() / 1000) - 60),
  };

  const fingerprint = async () => {
    const rows = await env.handle.raw.query<{ d: string }>(
      `SELECT concat_ws('/',
        (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t."customerId"), '')) FROM "Customer" t),
        (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t."adminId"), '')) FROM "Admin" t),
        (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t."productId"), '')) FROM "Product" t),
        (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t."variantId"), '')) FROM "ProductVariant" t),
        (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t."addToCartId"), '')) FROM "CartItem" t),
        (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t."orderId"), '')) FROM "ProductOrder" t),
        (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t.key), '')) FROM "StoreSetting" t),
        (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t."productOrderId"), '')) FROM "Order" t),
        (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t.id), '')) FROM "PaymentEvent" t),
        (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t."refundId"), '')) FROM "Refund" t),
        (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t.number), '')) FROM "Invoice" t),
        (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t."shipmentId"), '')) FROM "Shipment" t),
        (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t."eventId"), '')) FROM "ShipmentEvent" t),
        (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t."auditId"), '')) FROM "AuditEntry" t)) AS d`,
    );
    const [row] = rows;
    if (!row) throw new Error("the database fingerprint query answered no row");
    return row.d;
  };

  const inject = async (req: Req) => {
    const res = await env.app.inject({
      method: req.method,
      url: req.url,
      headers: req.headers,
      payload: req.payload,
      remoteAddress: req.remoteAddress,
    });
    // a successful logout-all or password change ends sessions, and these tokens were signed at
    // version 0: start every account's sessions again, so the next case still tests what it means to
    if (res.statusCode === 200 && req.method !== "GET") {
      await db.customer.updateMany({ where: { sessionVersion: { not: 0 } }, data: { sessionVersion: 0 } });
      await db.admin.updateMany({ where: { sessionVersion: { not: 0 } }, data: { sessionVersion: 0 } });
    }
    return { statusCode: res.statusCode, body: res.body, headers: res.headers };
  };

  const signUpFields = () => customerFields({ password: PASSWORD, ...uniqueContact() });
  return {
    ...env,
    signUpFields,
    tokens,
    owner,
    other,
    inactive,
    productId,
    makeCustomer,
    makeProduct,
    makeCartLine,
    packOf,
    makeOrder,
    makePaymentOrder,
    makeShipment,
    makeInvoicedOrder,
    uniqueUtr,
    gatewayKeySecret,
    courierWebhookToken,
    gatewayPayment: (amountPaise) => gateway.pay("order_security", amountPaise).razorpay_payment_id,
    gatewayWebhook: (event, providerOrderId) => gateway.webhook(event, providerOrderId),
    fingerprint,
    inject,
    close: async () => {
      await env.close();
      await gateway.close();
    },
  };
}

export { TEST_ADMIN, customerFields, productFields };

/** A body must never carry a stack trace, a file path of the server or an SQL/Prisma error text. */
export function leaks(body: string): string | null {
  const patterns: [RegExp, string][] = [
    [/\bat [\w$.<>]+ \(?(file:\/\/|\/)[^)]*:\d+:\d+/, "stack trace"],
    [/node_modules|\/work\/|apps\/server\/src|packages\/api\/src/, "server file path"],
    [/"stack"\s*:/, "stack field"],
    [/Prisma|prisma\.|PrismaClient|Invalid `/, "Prisma error text"],
    [/syntax error at or near|SQLSTATE|relation "\w+" does not exist|violates .* constraint/i, "SQL error text"],
    [/passwordHash|\$argon2id\$/, "password hash"],
  ];
  for (const [re, what] of patterns) if (re.test(body)) return what;
  return null;
}

/** Figures of a suite (requests made, inputs tried…) for the report: test-results/security/<suite>.json */
export function recordFigures(suite: string, figures: Record<string, number>) {
  const dir = path.resolve(process.cwd(), "test-results/security");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${suite}.json`), JSON.stringify({ suite, at: new Date().toISOString(), ...figures }, null, 2));
}
