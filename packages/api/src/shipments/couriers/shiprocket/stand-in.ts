// A small local stand-in for the part of Shiprocket's external API the store uses (login, create
// order, assign AWB, label, cancel, track, NDR action) and for the webhook body it POSTs, so tests
// run the real adapter over real HTTP. Start it, point SHIPROCKET_API_BASE (or the adapter's
// apiBase) at `url`, and read what it received in `state`:
//
//   const sr = await startShiprocketStandIn();
//   const courier = createShiprocketCourier({ email: sr.email, password: sr.password, apiBase: sr.url });
//   sr.failNext("/v1/external/courier/assign/awb", { status: 500 });  // or "timeout", or sr.refuseNextAssign()
//   sr.setTracking(awb, [shiprocketScan(new Date(), "PICKED UP")]);
//   const body = sr.webhookBody(awb, "DELIVERED");                      // POST it to the store's webhook
//   await sr.close();
import { randomBytes, randomInt } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import PDFDocument from "pdfkit";
import { formatIstSeconds, formatIstWebhook } from "./dates.ts";
import type { ShiprocketScan } from "./webhook.ts";

export type { ShiprocketScan } from "./webhook.ts";

export interface StandInShiprocketOrder {
  /** Shiprocket's numbers for it */
  orderId: number;
  shipmentId: number;
  /** the create adhoc body exactly as received (order_id is the store's reference) */
  body: Record<string, unknown>;
  awb: string | null;
  courierName: string | null;
  labelUrl: string | null;
  cancelled: boolean;
}

export interface ShiprocketStandInState {
  orders: StandInShiprocketOrder[];
  /** Shiprocket order ids cancelled, in call order (POST /orders/cancel) */
  cancelledIds: number[];
  /** AWBs cancelled through POST /orders/cancel/shipment/awbs */
  cancelledAwbs: string[];
  ndrActions: { awb: string; body: Record<string, unknown> }[];
  /** successful logins */
  logins: number;
  /** every request, in order (the login's password is not kept) */
  requests: { method: string; path: string; body: unknown; authorized: boolean }[];
}

/** How a failNext call goes wrong: an HTTP status (with Shiprocket's `{message}`), or no answer at all. */
export type StandInFailure = { status: number; message?: string } | "timeout";

export interface ShiprocketStandIn {
  url: string;
  email: string;
  password: string;
  state: ShiprocketStandInState;
  /** the tokens given so far answer 401 `{message: "Token has expired"}` from now on */
  expireTokens(): void;
  /** the next request to this exact path (e.g. "/v1/external/courier/assign/awb") fails so */
  failNext(path: string, how: StandInFailure): void;
  /** the next AWB assignment answers 200 with awb_assign_status 0 and this message (Shiprocket's refusal) */
  refuseNextAssign(message?: string): void;
  /** what the track call answers for this AWB; activities as Shiprocket lists them (newest first) */
  setTracking(awb: string, activities: ShiprocketScan[], opts?: { currentStatus?: string; shipmentStatusId?: number; etd?: Date }): void;
  /** a tracking webhook body exactly as Shiprocket POSTs it (JSON-serialise it as the request body) */
  webhookBody(
    awb: string,
    currentStatus: string,
    opts?: { at?: Date; statusId?: number; scans?: ShiprocketScan[]; etd?: Date; isReturn?: boolean },
  ): ShiprocketWebhookBody;
  close(): Promise<void>;
}

/** a type, not an interface, so it is also a Record<string, unknown> (to spread, alter and post) */
export type ShiprocketWebhookBody = {
  awb: string;
  courier_name: string;
  current_status: string;
  current_status_id: number;
  shipment_status: string;
  shipment_status_id: number;
  /** "26 11 2026 14:27:52", IST */
  current_timestamp: string;
  /** the store's reference */
  order_id: string;
  sr_order_id: number;
  awb_assigned_date: string;
  pickup_scheduled_date: string;
  etd: string;
  scans: ShiprocketScan[];
  is_return: 0 | 1;
  channel_id: number;
  pod_status: string;
  pod: string;
};

/** Shiprocket's status codes (`sr-status`, `current_status_id`) for the words the store knows */
export const SHIPROCKET_STATUS_CODES: Readonly<Record<string, number>> = {
  "AWB ASSIGNED": 1,
  "LABEL GENERATED": 2,
  "PICKUP SCHEDULED": 3,
  "PICKUP GENERATED": 3,
  "PICKUP QUEUED": 4,
  "MANIFEST GENERATED": 5,
  SHIPPED: 6,
  DELIVERED: 7,
  CANCELED: 8,
  "RTO INITIATED": 9,
  "RTO DELIVERED": 10,
  "OUT FOR DELIVERY": 17,
  "IN TRANSIT": 18,
  "OUT FOR PICKUP": 19,
  UNDELIVERED: 21,
  "DELIVERY DELAYED": 22,
  "REACHED AT DESTINATION HUB": 38,
  MISROUTED: 39,
  "RTO NDR": 40,
  "RTO OFD": 41,
  "PICKED UP": 42,
  "RTO IN TRANSIT": 46,
};

/** One scan in Shiprocket's shape at `at` (IST "2026-11-26 14:27:00"), with its word as sr-status-label. */
export function shiprocketScan(at: Date, statusLabel: string, opts: { location?: string; activity?: string; carrierCode?: string } = {}): ShiprocketScan {
  return {
    date: formatIstSeconds(at),
    status: opts.carrierCode ?? "X-SCAN",
    activity: opts.activity ?? statusLabel,
    location: opts.location ?? "Bhiwandi_Hub (Maharashtra)",
    "sr-status": String(SHIPROCKET_STATUS_CODES[statusLabel.toUpperCase()] ?? "NA"),
    "sr-status-label": statusLabel,
  };
}

const REQUIRED = [
  "order_id",
  "order_date",
  "pickup_location",
  "billing_customer_name",
  "billing_address",
  "billing_city",
  "billing_pincode",
  "billing_state",
  "billing_country",
  "billing_email",
  "billing_phone",
  "payment_method",
  "sub_total",
  "length",
  "breadth",
  "height",
  "weight",
] as const;

function labelPdf(awb: string, courierName: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: [288, 432], margin: 18, info: { Title: `Label ${awb}`, CreationDate: new Date(0) } });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(14).text(courierName).moveDown().fontSize(20).text(awb).moveDown().fontSize(10).text("Shiprocket stand-in label");
    doc.end();
  });
}

export async function startShiprocketStandIn(opts: { email?: string; password?: string; pickupLocations?: string[] } = {}): Promise<ShiprocketStandIn> {
  const email = opts.email ?? "shipping@example.test";
  const password = opts.password ?? "stand-in-password";
  const pickupLocations = opts.pickupLocations ?? ["Primary"];
  const state: ShiprocketStandInState = { orders: [], cancelledIds: [], cancelledAwbs: [], ndrActions: [], logins: 0, requests: [] };
  const tokens = new Set<string>();
  const failures = new Map<string, StandInFailure[]>();
  const tracking = new Map<string, { activities: ShiprocketScan[]; currentStatus?: string; shipmentStatusId?: number; etd?: Date }>();
  const hanging = new Set<http.ServerResponse>();
  let refusal: string | null = null;
  let nextOrderId = 500_000_000 + randomInt(1_000_000);
  // random per stand-in so two stand-ins in one database never hand out the same AWB
  const awbBase = randomInt(100_000, 999_999);
  let awbCount = 0;
  let url = "";

  const send = (res: http.ServerResponse, status: number, body: object) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const fail = (res: http.ServerResponse, status: number, message: string, errors?: Record<string, string[]>) =>
    send(res, status, { message, ...(errors ? { errors } : {}), status_code: status });
  const orderByShipment = (id: unknown) => state.orders.find((o) => o.shipmentId === Number(id));

  function route(method: string, path: string, body: Record<string, unknown>, res: http.ServerResponse) {
    if (method === "POST" && path === "/v1/external/orders/create/adhoc") {
      const errors: Record<string, string[]> = {};
      for (const field of REQUIRED)
        if (body[field] === undefined || body[field] === null || body[field] === "") errors[field] = [`The ${field.replace(/_/g, " ")} field is required.`];
      if (!Array.isArray(body.order_items) || body.order_items.length === 0) errors.order_items = ["The order items field is required."];
      if (Object.keys(errors).length) return fail(res, 422, "Oops! Invalid Data.", errors);
      if (!pickupLocations.includes(String(body.pickup_location))) {
        return fail(res, 422, "Wrong Pickup location entered. Please choose one location from data given");
      }
      const orderId = nextOrderId++;
      const order: StandInShiprocketOrder = { orderId, shipmentId: orderId + 1_000_000, body, awb: null, courierName: null, labelUrl: null, cancelled: false };
      state.orders.push(order);
      return send(res, 200, {
        order_id: order.orderId,
        shipment_id: order.shipmentId,
        status: "NEW",
        status_code: 1,
        onboarding_completed_now: 0,
        awb_code: "",
        courier_company_id: "",
        courier_name: "",
      });
    }
    if (method === "POST" && path === "/v1/external/courier/assign/awb") {
      const order = orderByShipment(body.shipment_id);
      if (!order) return fail(res, 400, "Invalid shipment id.");
      const refused = refusal ?? (order.cancelled ? "Shipment is cancelled." : order.awb ? "AWB is already assigned." : null);
      refusal = null;
      if (refused) return send(res, 200, { awb_assign_status: 0, response: { data: { awb_assign_error: refused } } });
      order.awb = `SRTEST${awbBase}${String(++awbCount).padStart(4, "0")}`;
      order.courierName = "Delhivery Surface";
      const now = new Date();
      return send(res, 200, {
        awb_assign_status: 1,
        response: {
          data: {
            courier_company_id: 12,
            awb_code: order.awb,
            cod: order.body.payment_method === "COD" ? 1 : 0,
            order_id: order.orderId,
            shipment_id: order.shipmentId,
            awb_code_status: 1,
            assigned_date_time: { date: formatIstSeconds(now), timezone_type: 3, timezone: "Asia/Kolkata" },
            applied_weight: order.body.weight,
            courier_name: order.courierName,
            pickup_scheduled_date: null,
            // not every answer carries one; the stand-in does, four days out
            etd: formatIstSeconds(new Date(now.getTime() + 4 * 86_400_000)),
          },
        },
      });
    }
    if (method === "POST" && path === "/v1/external/courier/generate/label") {
      const ids = Array.isArray(body.shipment_id) ? body.shipment_id : [body.shipment_id];
      const order = orderByShipment(ids[0]);
      if (!order?.awb) return send(res, 200, { label_created: 0, response: "Label could not be generated: no AWB assigned.", not_created: ids });
      order.labelUrl = `${url}/labels/${order.shipmentId}.pdf`;
      return send(res, 200, { label_created: 1, label_url: order.labelUrl, response: "Label has been created and uploaded successfully!", not_created: [] });
    }
    if (method === "POST" && path === "/v1/external/orders/cancel") {
      const ids = Array.isArray(body.ids) ? body.ids.map(Number) : [];
      const orders = ids.map((id) => state.orders.find((o) => o.orderId === id));
      if (!ids.length || orders.some((o) => !o)) return fail(res, 400, "Order id(s) not found.");
      for (const order of orders) if (order) order.cancelled = true;
      state.cancelledIds.push(...ids);
      return send(res, 200, { status: 200, message: "Order cancelled successfully." });
    }
    if (method === "POST" && path === "/v1/external/orders/cancel/shipment/awbs") {
      const awbs = Array.isArray(body.awbs) ? body.awbs.map(String) : [];
      for (const order of state.orders) if (order.awb && awbs.includes(order.awb)) order.cancelled = true;
      state.cancelledAwbs.push(...awbs);
      return send(res, 200, { message: "Bulk Shipment cancellation is in progress. Please wait for 24 hours." });
    }
    const ndr = /^\/v1\/external\/ndr\/([^/]+)\/action$/.exec(path);
    if (method === "POST" && ndr) {
      if (body.action !== "re-attempt" && body.action !== "return")
        return fail(res, 422, "The selected action is invalid.", { action: ["The selected action is invalid."] });
      if (typeof body.comments !== "string" || !body.comments) return fail(res, 422, "Oops! Invalid Data.", { comments: ["The comments field is required."] });
      state.ndrActions.push({ awb: decodeURIComponent(ndr[1] ?? ""), body });
      return send(res, 200, { status: true, message: "Action taken successfully." });
    }
    const track = /^\/v1\/external\/courier\/track\/awb\/([^/]+)$/.exec(path);
    if (method === "GET" && track) {
      const awb = decodeURIComponent(track[1] ?? "");
      const set = tracking.get(awb);
      const order = state.orders.find((o) => o.awb === awb);
      if (!set?.activities.length) {
        return send(res, 200, {
          tracking_data: {
            track_status: 0,
            shipment_status: 0,
            shipment_track: order ? [{ awb_code: awb, current_status: "AWB Assigned", edd: null }] : [],
            shipment_track_activities: null,
            error: "Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.",
          },
        });
      }
      const currentStatus = set.currentStatus ?? set.activities[0]?.["sr-status-label"] ?? "NA";
      const etd = set.etd ? formatIstSeconds(set.etd) : null;
      return send(res, 200, {
        tracking_data: {
          track_status: 1,
          shipment_status: set.shipmentStatusId ?? SHIPROCKET_STATUS_CODES[currentStatus.toUpperCase()] ?? 0,
          shipment_track: [
            {
              id: order?.shipmentId ?? 0,
              awb_code: awb,
              courier_company_id: 12,
              shipment_id: order?.shipmentId ?? 0,
              order_id: order?.orderId ?? 0,
              current_status: currentStatus,
              destination: typeof order?.body.billing_city === "string" ? order.body.billing_city : "",
              origin: "Mumbai",
              edd: etd,
            },
          ],
          shipment_track_activities: set.activities,
          track_url: `https://shiprocket.co/tracking/${awb}`,
          etd,
        },
      });
    }
    return fail(res, 404, "The requested URL was not found.");
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const method = req.method ?? "GET";
      const path = new URL(req.url ?? "/", "http://stand-in").pathname;
      let body: Record<string, unknown> = {};
      try {
        if (chunks.length) body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        return fail(res, 400, "The request body is not JSON.");
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      const authorized = bearer !== undefined && tokens.has(bearer);
      state.requests.push({ method, path, body: path === "/v1/external/auth/login" ? { email: body.email } : body, authorized });

      const failure = failures.get(path)?.shift();
      if (failure === "timeout") {
        hanging.add(res);
        return;
      }
      if (failure) return fail(res, failure.status, failure.message ?? "The stand-in was told to fail.");

      const label = /^\/labels\/(\d+)\.pdf$/.exec(path);
      if (method === "GET" && label) {
        // like Shiprocket's S3 links: no token needed
        const order = orderByShipment(label[1]);
        if (!order?.labelUrl || !order.awb) return fail(res, 404, "Not found.");
        return void labelPdf(order.awb, order.courierName ?? "Shiprocket").then((pdf) => res.writeHead(200, { "content-type": "application/pdf" }).end(pdf));
      }
      if (method === "POST" && path === "/v1/external/auth/login") {
        if (body.email !== email || body.password !== password) return fail(res, 400, "Invalid email and password combination");
        const token = randomBytes(24).toString("base64url");
        tokens.add(token);
        state.logins++;
        return send(res, 200, { id: 1, first_name: "Stand", last_name: "In", email, company_id: 1, created_at: new Date().toISOString(), token });
      }
      if (!authorized) return fail(res, 401, "Token has expired");
      route(method, path, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    email,
    password,
    state,
    expireTokens: () => tokens.clear(),
    failNext(path, how) {
      failures.set(path, [...(failures.get(path) ?? []), how]);
    },
    refuseNextAssign(message = "Courier not serviceable for the selected pincode.") {
      refusal = message;
    },
    setTracking(awb, activities, o = {}) {
      tracking.set(awb, { activities, ...o });
    },
    webhookBody(awb, currentStatus, o = {}) {
      const at = o.at ?? new Date();
      const order = state.orders.find((x) => x.awb === awb);
      const statusId = o.statusId ?? SHIPROCKET_STATUS_CODES[currentStatus.toUpperCase()] ?? 0;
      return {
        awb,
        courier_name: order?.courierName ?? "Delhivery Surface",
        current_status: currentStatus,
        current_status_id: statusId,
        shipment_status: currentStatus,
        shipment_status_id: statusId,
        current_timestamp: formatIstWebhook(at),
        order_id: typeof order?.body.order_id === "string" ? order.body.order_id : awb,
        sr_order_id: order?.orderId ?? 0,
        awb_assigned_date: formatIstSeconds(at),
        pickup_scheduled_date: formatIstSeconds(at),
        etd: formatIstSeconds(o.etd ?? new Date(at.getTime() + 3 * 86_400_000)),
        scans: o.scans ?? [shiprocketScan(at, currentStatus)],
        is_return: o.isReturn ? 1 : 0,
        channel_id: 1,
        pod_status: "OTP Based Delivery",
        pod: "Not Available",
      };
    },
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
