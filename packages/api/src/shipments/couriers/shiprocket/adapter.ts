// The Shiprocket adapter, written against its documented external API (INDIA.md "Delivery,
// couriers and returns to origin"): a bearer token from its login, the order created then given an
// AWB, labels, tracking and NDR actions. Money goes out in rupees, weight in kg, times in IST.
// Its webhook: webhook.ts; a local stand-in of the API for tests: stand-in.ts.
import { CourierError, type CourierAdapter, type CourierBooking, type CourierShipment, type NdrDecision, type TrackingUpdate } from "../port.ts";
import { formatIstMinute, parseShiprocketTime } from "./dates.ts";
import { awbOf, currentEvent, parseShiprocketScans, parseShiprocketWebhook } from "./webhook.ts";

export interface ShiprocketOptions {
  email: string;
  password: string;
  /** default https://apiv2.shiprocket.in; a local stand-in in tests */
  apiBase?: string;
  /** the pickup address's name in the Shiprocket panel; when set it wins over the booking's (default: the booking's, else "Primary") */
  pickupLocation?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** the clock, for the token's age */
  now?: () => number;
}

interface CreateAnswer {
  order_id?: number | string;
  shipment_id?: number | string;
  etd?: string;
}
interface AssignAnswer {
  awb_assign_status?: number;
  message?: string;
  response?: { data?: { awb_code?: string | number; courier_name?: string; etd?: string; expected_delivery_date?: string; awb_assign_error?: string } };
}
interface LabelAnswer {
  label_created?: number;
  label_url?: string | null;
}
interface TrackAnswer {
  tracking_data?: {
    track_status?: number;
    shipment_status?: number;
    shipment_track?: { current_status?: string; edd?: string | null; delivered_date?: string | null }[] | null;
    shipment_track_activities?: unknown;
    etd?: string | null;
  };
}

/** Shiprocket's token lives 10 days; one older than 9 is renewed before it can expire mid-call. */
const TOKEN_LIFETIME_MS = 9 * 24 * 3600_000;

const rupees = (paise: number) => Math.round(paise) / 100;
/** Shiprocket takes a 10-digit Indian mobile number */
const phone10 = (phone: string) => phone.replace(/\D/g, "").slice(-10);

/** The courier's own words from an error body: `{message}`, `{errors: {field: [..]}}` or both. */
function messageOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  const parts: string[] = [];
  if (typeof message === "string" && message.trim()) parts.push(message.trim());
  if (typeof errors === "object" && errors !== null) {
    for (const value of Object.values(errors)) {
      for (const item of Array.isArray(value) ? value : [value]) if (typeof item === "string" && item.trim()) parts.push(item.trim());
    }
  }
  return parts.length ? parts.join(" ").slice(0, 500) : null;
}

/** the configured pickup location (SHIPROCKET_PICKUP_LOCATION) wins over the booking's, which wins over "Primary" */
function orderBody(booking: CourierBooking, configuredPickup: string | undefined) {
  const [first = booking.customer.name, ...rest] = booking.customer.name.trim().split(/\s+/);
  return {
    order_id: booking.reference,
    order_date: formatIstMinute(booking.orderDate),
    pickup_location: configuredPickup || booking.pickupLocation || "Primary",
    billing_customer_name: first,
    billing_last_name: rest.join(" "),
    billing_address: booking.customer.address,
    billing_city: booking.customer.city,
    billing_pincode: booking.customer.pincode,
    billing_state: booking.customer.state,
    billing_country: "India",
    billing_email: booking.customer.email,
    billing_phone: phone10(booking.customer.phone),
    shipping_is_billing: true,
    order_items: booking.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.units,
      selling_price: rupees(item.sellingPricePaise),
      hsn: item.hsnCode,
      tax: item.gstRate,
    })),
    payment_method: booking.paymentMethod,
    sub_total: rupees(booking.subTotalPaise),
    length: booking.lengthCm,
    breadth: booking.breadthCm,
    height: booking.heightCm,
    weight: Math.round(booking.weightGrams) / 1000,
    ...(booking.ewayBillNumber ? { ewaybill_no: booking.ewayBillNumber } : {}),
  };
}

function ndrBody(decision: NdrDecision) {
  if (decision.action === "RTO") return { action: "return", comments: "The seller asked for the parcel to be returned." };
  const landmark = decision.landmark?.trim();
  return {
    action: "re-attempt",
    comments: `The seller asked for another delivery attempt.${landmark ? ` Landmark: ${landmark}.` : ""}`,
    ...(decision.phone ? { phone: phone10(decision.phone) } : {}),
    ...(decision.address ? { address1: decision.address } : {}),
    ...(decision.preferredDate ? { deferred_date: decision.preferredDate } : {}),
  };
}

export function createShiprocketCourier(opts: ShiprocketOptions): CourierAdapter {
  const base = (opts.apiBase ?? "https://apiv2.shiprocket.in").replace(/\/+$/, "");
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const configuredPickup = opts.pickupLocation?.trim() || undefined;

  let token: { value: string; at: number } | null = null;
  let loggingIn: Promise<string> | null = null;

  /** one HTTP exchange; a network failure or a timeout is a CourierError, an HTTP status is the caller's */
  async function exchange(url: string, init: RequestInit): Promise<{ status: number; ok: boolean; body: unknown }> {
    try {
      const response = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const raw = await response.text();
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        // an HTML error page from a proxy: the status says enough
      }
      return { status: response.status, ok: response.ok, body };
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new CourierError(timedOut ? "Shiprocket did not answer in time." : "Shiprocket could not be reached.");
    }
  }

  async function login(): Promise<string> {
    const { ok, status, body } = await exchange(`${base}/v1/external/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: opts.email, password: opts.password }),
    });
    const value = (body as { token?: unknown } | null)?.token;
    if (!ok || typeof value !== "string" || !value) {
      throw new CourierError(`Shiprocket refused the login: ${messageOf(body) ?? `HTTP ${status}`}`, ok ? 502 : status);
    }
    token = { value, at: now() };
    return value;
  }

  /** the kept token, or one login shared by every call that needs it meanwhile */
  function currentToken(): Promise<string> {
    if (token && now() - token.at < TOKEN_LIFETIME_MS) return Promise.resolve(token.value);
    loggingIn ??= login().finally(() => {
      loggingIn = null;
    });
    return loggingIn;
  }

  /** a call with the token; on a 401 it logs in again once and repeats the call once (a 401 means nothing was done) */
  async function call<T>(method: "GET" | "POST", path: string, body?: object): Promise<T> {
    const send = (bearer: string) =>
      exchange(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}`, ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const used = await currentToken();
    let answer = await send(used);
    if (answer.status === 401) {
      if (token?.value === used) token = null;
      answer = await send(await currentToken());
    }
    if (!answer.ok) throw new CourierError(`Shiprocket refused the request: ${messageOf(answer.body) ?? `HTTP ${answer.status}`}`, answer.status);
    return answer.body as T;
  }

  const cancelOrder = (providerOrderId: string | number) =>
    call<unknown>("POST", "/v1/external/orders/cancel", { ids: [Number(providerOrderId)] }).then(() => undefined);

  /** the label's address, or null when Shiprocket made none */
  async function generateLabel(shipmentId: string | number): Promise<string | null> {
    const answer = await call<LabelAnswer>("POST", "/v1/external/courier/generate/label", { shipment_id: [Number(shipmentId)] });
    return answer?.label_created === 1 && typeof answer.label_url === "string" && answer.label_url ? answer.label_url : null;
  }

  /** a label's bytes; null when the address answers 403/404/410 (gone) */
  async function download(url: string): Promise<Buffer | null> {
    let response: Response;
    let bytes: Buffer;
    try {
      response = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new CourierError(timedOut ? "Shiprocket's label did not arrive in time." : "Shiprocket's label could not be fetched.");
    }
    if ([403, 404, 410].includes(response.status)) return null;
    if (!response.ok) throw new CourierError(`Shiprocket's label could not be fetched: HTTP ${response.status}`, response.status);
    if (bytes.subarray(0, 4).toString("latin1") !== "%PDF") throw new CourierError("Shiprocket's label is not a PDF.");
    return bytes;
  }

  return {
    name: "shiprocket",

    async book(booking): Promise<CourierShipment> {
      // no idempotency key: a create that failed or timed out is never sent again
      const created = await call<CreateAnswer | null>("POST", "/v1/external/orders/create/adhoc", orderBody(booking, configuredPickup));
      const orderId = created?.order_id;
      const shipmentId = created?.shipment_id;
      if (orderId === undefined || orderId === null || shipmentId === undefined || shipmentId === null) {
        if (orderId !== undefined && orderId !== null) await cancelOrder(orderId).catch(() => undefined);
        throw new CourierError(`Shiprocket did not create the order: ${messageOf(created) ?? "its answer has no order or shipment id"}`);
      }
      let assigned: NonNullable<NonNullable<AssignAnswer["response"]>["data"]>;
      let awb: string | null;
      try {
        const answer = await call<AssignAnswer | null>("POST", "/v1/external/courier/assign/awb", { shipment_id: Number(shipmentId) });
        assigned = answer?.response?.data ?? {};
        awb = awbOf(assigned.awb_code);
        if (answer?.awb_assign_status !== 1 || !awb) {
          throw new CourierError(`Shiprocket did not assign an AWB: ${assigned.awb_assign_error ?? messageOf(answer) ?? "its answer has no AWB"}`);
        }
      } catch (error) {
        // nothing half-made: the order without a shipment in the store is cancelled at Shiprocket
        await cancelOrder(orderId).catch(() => undefined);
        throw error instanceof CourierError ? error : new CourierError("Shiprocket's AWB answer could not be read.");
      }
      // the booking stands without a label: it can be generated again when it is asked for
      const labelUrl = await generateLabel(shipmentId).catch(() => null);
      return {
        awb,
        courierName: assigned.courier_name?.trim() || "Shiprocket",
        trackingUrl: `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`,
        labelUrl,
        providerOrderId: String(orderId),
        providerShipmentId: String(shipmentId),
        expectedDeliveryDate: parseShiprocketTime(assigned.etd ?? assigned.expected_delivery_date ?? created?.etd),
      };
    },

    async cancel({ awb, providerOrderId }) {
      if (providerOrderId) await cancelOrder(providerOrderId);
      else await call<unknown>("POST", "/v1/external/orders/cancel/shipment/awbs", { awbs: [awb] });
    },

    async track(awb): Promise<TrackingUpdate> {
      const answer = await call<TrackAnswer | null>("GET", `/v1/external/courier/track/awb/${encodeURIComponent(awb)}`);
      const data = answer?.tracking_data ?? {};
      const scans = parseShiprocketScans(data.shipment_track_activities);
      const track = Array.isArray(data.shipment_track) ? data.shipment_track[0] : undefined;
      const newest = scans.at(-1);
      const current = currentEvent(track?.current_status ?? newest?.courierStatus, data.shipment_status ?? newest?.courierStatusId, null, scans);
      return { awb, current, scans, expectedDeliveryDate: parseShiprocketTime(data.etd) ?? parseShiprocketTime(track?.edd) };
    },

    async ndrAction(awb, decision) {
      await call<unknown>("POST", `/v1/external/ndr/${encodeURIComponent(awb)}/action`, ndrBody(decision));
    },

    async label({ providerShipmentId, labelUrl }) {
      if (labelUrl) {
        const bytes = await download(labelUrl);
        if (bytes || !providerShipmentId) return bytes;
      }
      if (!providerShipmentId) return null;
      const fresh = await generateLabel(providerShipmentId);
      return fresh ? download(fresh) : null;
    },

    parseWebhook: parseShiprocketWebhook,
  };
}
