// The e-way bill (INDIA.md, GST): goods worth more than ₹50,000 in one consignment move only with an
// e-way bill number, 12 digits, which the courier asks for at pickup.

/** paise: ₹50,000 */
export const EWAY_BILL_THRESHOLD = 5_000_000;

export const EWAY_BILL_PATTERN = /^\d{12}$/;

/** Whether a box whose invoice value is `valuePaise` must carry an e-way bill number. */
export const needsEwayBill = (valuePaise: number): boolean => valuePaise > EWAY_BILL_THRESHOLD;
