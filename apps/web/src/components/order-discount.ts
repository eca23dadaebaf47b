// A coupon's discount on an order's screens (issue 26): what a line costs after its share of it.
import { toPaise, toRupees } from "@store/domain";
import { formatINR } from "../lib/format";
import "../styles/order-discount.css";

/** "−₹50.00": a true minus sign, which screen readers say as "minus". */
export const minusINR = (rupees: number) => `\u2212${formatINR(rupees)}`;

/** Rupees the line costs: its total (price × quantity + delivery) less its share of the coupon discount, summed in paise. */
export const lineAfterDiscount = (line: { orderTotalPrice: number; discount: number }): number =>
  toRupees(toPaise(line.orderTotalPrice) - toPaise(line.discount));
