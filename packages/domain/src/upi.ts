// The UPI payment link (docs: ../shared/INDIA.md "Paying"): one string, shown as a QR code on a
// computer and opened as a link on a phone.

/** handle@bank, e.g. cleanstore@okicici */
export const UPI_VPA_PATTERN = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$/;
export const isUpiVpa = (s: string): boolean => UPI_VPA_PATTERN.test(s);

/** the 12-digit bank reference a UPI app shows after paying */
export const UTR_PATTERN = /^\d{12}$/;

/** "1234.50" from 123450 paise, without floating point */
function rupeesText(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
}

/**
 * `upi://pay?pa=…&pn=…&am=…&cu=INR&tr=…&tn=…`. Values are percent-encoded with
 * encodeURIComponent (URLSearchParams writes a space as "+", which some UPI apps show as is); the
 * VPA goes in as typed.
 */
export function upiLink(input: { vpa: string; payeeName: string; amountPaise: number; reference: string; note: string }): string {
  if (!Number.isInteger(input.amountPaise) || input.amountPaise <= 0) throw new RangeError("A UPI amount is a positive whole number of paise");
  const e = encodeURIComponent;
  return `upi://pay?pa=${input.vpa}&pn=${e(input.payeeName)}&am=${rupeesText(input.amountPaise)}&cu=INR&tr=${e(input.reference)}&tn=${e(input.note)}`;
}
