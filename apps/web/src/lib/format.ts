const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });
const date = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", day: "numeric", month: "short", year: "numeric" });
const dateTime = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** ₹1,23,456.00 */
export const formatINR = (rupees: number) => inr.format(rupees);
export const formatDate = (d: Date | string | null | undefined) => (d ? date.format(new Date(d)) : "—");
export const formatDateTime = (d: Date | string | null | undefined) => (d ? dateTime.format(new Date(d)) : "—");
export const formatDelivery = (charge: number | "Free") => (charge === "Free" ? "Free" : formatINR(charge));
