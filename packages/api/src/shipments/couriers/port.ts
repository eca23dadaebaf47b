// The port: what the store needs from a courier, in the store's own words (DESIGN.md "Ports and
// adapters"). Each courier is one folder beside this file (shiprocket/) holding its wire format,
// statuses and webhook parsing; `manual` needs no adapter (the owner types the AWB). The status words
// a courier sends are mapped by @store/domain mapCourierStatus.

/** Everything a courier needs to book one box. Money in paise, sizes in grams and centimetres. */
export interface CourierBooking {
  /** the store's reference for this box, unique: `{productOrderId}-{n}` */
  reference: string;
  productOrderId: string;
  orderDate: Date;
  /** the shop's pickup location name as the courier account knows it (Shiprocket: "Primary") */
  pickupLocation: string;
  customer: { name: string; phone: string; email: string; address: string; city: string; state: string; pincode: string };
  items: { name: string; sku: string; units: number; sellingPricePaise: number; hsnCode: string; gstRate: number }[];
  paymentMethod: "COD" | "Prepaid";
  /** paise to collect at the door (COD), 0 for prepaid */
  codAmountPaise: number;
  /** the box's invoice value in paise */
  subTotalPaise: number;
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  ewayBillNumber?: string;
}

/** The courier's answer: the box is booked and has an AWB. */
export interface CourierShipment {
  awb: string;
  courierName: string;
  trackingUrl: string | null;
  labelUrl: string | null;
  providerOrderId: string | null;
  providerShipmentId: string | null;
  expectedDeliveryDate: Date | null;
}

/** One scan, in neutral words; `courierStatus` is the courier's own word, mapped by the domain table. */
export interface TrackingEvent {
  at: Date;
  courierStatus: string;
  courierStatusId?: number | null;
  location: string | null;
  remark: string | null;
}

/** What a courier reported about one AWB (a webhook or a track call). */
export interface TrackingUpdate {
  awb: string;
  /** the latest status as the courier words it (and its code), which may not be among the scans */
  current: TrackingEvent | null;
  scans: TrackingEvent[];
  expectedDeliveryDate: Date | null;
}

export type NdrDecision = { action: "REATTEMPT"; preferredDate?: string; phone?: string; address?: string; landmark?: string } | { action: "RTO" };

export interface CourierAdapter {
  readonly name: "shiprocket";
  /** books the box and assigns an AWB; on any failure nothing stays booked at the courier (it cancels what it made) */
  book(booking: CourierBooking): Promise<CourierShipment>;
  /** cancels a booked box before pickup (best effort: a courier that already dropped it answers ok) */
  cancel(shipment: { awb: string; providerOrderId: string | null }): Promise<void>;
  track(awb: string): Promise<TrackingUpdate>;
  ndrAction(awb: string, decision: NdrDecision): Promise<void>;
  /** the courier's label PDF bytes, or null when it has none */
  label(shipment: { awb: string; providerShipmentId: string | null; labelUrl: string | null }): Promise<Buffer | null>;
  /** a webhook body (already authenticated by its shared token) in neutral words, or null when it is not a tracking update */
  parseWebhook(body: unknown): TrackingUpdate | null;
}

/** The courier refused or could not be reached: answered 502 COURIER_ERROR with its message. */
export class CourierError extends Error {
  override name = "CourierError";
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
