// A small local stand-in for the part of Razorpay's HTTP API the store uses (orders, refunds), and
// for what Checkout and webhooks send back (payment.captured/failed, refund.processed/failed), so
// tests run the real adapter over real HTTP.
import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: string;
  notes: Record<string, string>;
}
export interface StandInRefund {
  id: string;
  payment_id: string;
  amount: number;
  receipt: string | null;
  status: string;
}
export interface CheckoutCallback {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface RazorpayStandIn {
  url: string;
  orders: StandInOrder[];
  refunds: StandInRefund[];
  requests: number;
  /** the status a new refund is created with: "processed" (instant) or "pending" (done later, told by webhook) */
  refundStatus: "processed" | "pending";
  /** what Razorpay Checkout hands the browser after a payment of the order */
  pay(orderId: string, amountPaise?: number): CheckoutCallback;
  /** a webhook body in Razorpay's shape and its X-Razorpay-Signature */
  webhook(
    event: "payment.captured" | "payment.failed",
    orderId: string,
    opts?: { paymentId?: string; amountPaise?: number; eventId?: string },
  ): { body: string; signature: string; eventId: string };
  /** the refund's bank outcome: its status changes and this is the refund.processed/refund.failed webhook, signed */
  refundWebhook(
    event: "refund.processed" | "refund.failed",
    refundId: string,
    opts?: { eventId?: string },
  ): { body: string; signature: string; eventId: string };
  /** the next API request answers this status */
  failNext(status: number): void;
  close(): Promise<void>;
}

const randomId = (prefix: string) =>
  `${prefix}_${randomBytes(10)
    .toString("base64url")
    .replace(/[^a-zA-Z0-9]/g, "x")
    .slice(0, 14)}`;
const hmacHex = (secret: string, data: string) => createHmac("sha256", secret).update(data).digest("hex");

export async function startRazorpayStandIn(opts: { keyId: string; keySecret: string; webhookSecret: string }): Promise<RazorpayStandIn> {
  const orders: StandInOrder[] = [];
  const refunds: StandInRefund[] = [];
  const captured = new Map<string, { orderId: string; amount: number }>();
  let failStatus: number | null = null;
  const expectedAuth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString("base64")}`;

  const send = (res: http.ServerResponse, status: number, body: object) => {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };
  const fail = (res: http.ServerResponse, status: number, description: string) => send(res, status, { error: { code: "BAD_REQUEST_ERROR", description } });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      standIn.requests++;
      if (failStatus !== null) {
        const status = failStatus;
        failStatus = null;
        return fail(res, status, "The stand-in was told to fail");
      }
      if (req.headers.authorization !== expectedAuth) return fail(res, 401, "Authentication failed");
      let body: Record<string, unknown>;
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : {};
      } catch {
        return fail(res, 400, "The request body is not JSON");
      }
      const url = req.url ?? "/";
      if (req.method === "POST" && url === "/v1/orders") {
        const { amount, currency, receipt } = body;
        if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) return fail(res, 400, "The amount must be at least INR 1.00");
        if (currency !== "INR") return fail(res, 400, "Currency is not supported");
        if (typeof receipt !== "string" || receipt.length > 40) return fail(res, 400, "receipt: the length must be no more than 40.");
        const order = { id: randomId("order"), amount, currency, receipt, status: "created", notes: (body.notes ?? {}) as Record<string, string> };
        orders.push(order);
        return send(res, 200, { ...order, entity: "order", amount_paid: 0, amount_due: amount, attempts: 0, created_at: Math.floor(Date.now() / 1000) });
      }
      const orderMatch = /^\/v1\/orders\/([^/]+)$/.exec(url);
      if (req.method === "GET" && orderMatch) {
        const order = orders.find((o) => o.id === decodeURIComponent(orderMatch[1] ?? ""));
        return order ? send(res, 200, { ...order, entity: "order" }) : fail(res, 400, "The id provided does not exist");
      }
      const refundMatch = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url);
      if (req.method === "POST" && refundMatch) {
        const paymentId = decodeURIComponent(refundMatch[1] ?? "");
        const payment = captured.get(paymentId);
        if (!payment) return fail(res, 400, "The id provided does not exist");
        const amount = body.amount;
        const already = refunds.filter((r) => r.payment_id === paymentId && r.status !== "failed").reduce((sum, r) => sum + r.amount, 0);
        if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0) return fail(res, 400, "The refund amount is not valid");
        if (already + amount > payment.amount) return fail(res, 400, "The refund amount provided is greater than amount captured");
        const receipt = typeof body.receipt === "string" ? body.receipt : null;
        const refund = { id: randomId("rfnd"), payment_id: paymentId, amount, receipt, status: standIn.refundStatus };
        refunds.push(refund);
        return send(res, 200, { ...refund, entity: "refund", currency: "INR", created_at: Math.floor(Date.now() / 1000) });
      }
      return fail(res, 404, "The requested URL was not found on the server.");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const standIn: RazorpayStandIn = {
    url: `http://127.0.0.1:${port}`,
    orders,
    refunds,
    requests: 0,
    refundStatus: "processed",
    pay(orderId, amountPaise) {
      const order = orders.find((o) => o.id === orderId);
      const paymentId = randomId("pay");
      captured.set(paymentId, { orderId, amount: amountPaise ?? order?.amount ?? 0 });
      return { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: hmacHex(opts.keySecret, `${orderId}|${paymentId}`) };
    },
    webhook(event, orderId, o = {}) {
      const order = orders.find((x) => x.id === orderId);
      const paymentId = o.paymentId ?? randomId("pay");
      const amount = o.amountPaise ?? order?.amount ?? 0;
      if (event === "payment.captured") captured.set(paymentId, { orderId, amount });
      const eventId = o.eventId ?? randomId("evt");
      const body = JSON.stringify({
        entity: "event",
        account_id: "acc_standin",
        event,
        contains: ["payment"],
        payload: {
          payment: {
            entity: {
              id: paymentId,
              entity: "payment",
              amount,
              currency: "INR",
              status: event === "payment.captured" ? "captured" : "failed",
              order_id: orderId,
              method: "upi",
              ...(event === "payment.failed" ? { error_description: "Payment was declined by the bank" } : {}),
            },
          },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      return { body, signature: hmacHex(opts.webhookSecret, body), eventId };
    },
    refundWebhook(event, refundId, o = {}) {
      const refund = refunds.find((r) => r.id === refundId);
      if (!refund) throw new Error(`The stand-in has no refund ${refundId}`);
      refund.status = event === "refund.processed" ? "processed" : "failed";
      const body = JSON.stringify({
        entity: "event",
        account_id: "acc_standin",
        event,
        contains: ["refund", "payment"],
        payload: {
          refund: {
            entity: { ...refund, entity: "refund", currency: "INR", notes: [], speed_processed: "normal", created_at: Math.floor(Date.now() / 1000) },
          },
          payment: { entity: { id: refund.payment_id, entity: "payment", status: "refunded", amount_refunded: refund.amount } },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      return { body, signature: hmacHex(opts.webhookSecret, body), eventId: o.eventId ?? randomId("evt") };
    },
    failNext(status) {
      failStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
