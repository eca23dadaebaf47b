import { describe, expect, it } from "vitest";
import { toPaise, toRupees } from "./money.ts";
import { lineTotal, lineTotalPaise } from "./totals.ts";

describe("money", () => {
  it("converts rupees to integer paise without float drift", () => {
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(149.99)).toBe(14999);
    expect(toPaise(1.005 * 1000)).toBe(100500);
    expect(toRupees(14999)).toBe(149.99);
  });
});
describe("line totals", () => {
  it("is price × quantity plus the line's delivery charge, in paise", () => {
    expect(lineTotalPaise(14999, 3, 4000)).toBe(48997);
    expect(lineTotalPaise(14999, 3, null)).toBe(44997);
  });
  it("gives the same figure in rupees for what the API shows, without float drift", () => {
    expect(lineTotal(149.99, 3, 40)).toBe(489.97);
    expect(lineTotal(0.1, 3, "Free")).toBe(0.3);
    expect(lineTotal(19.99, 100, 0.01)).toBe(1999.01);
  });
});
