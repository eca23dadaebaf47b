import { describe, expect, it } from "vitest";
import { parseSearch } from "./search-params";

describe("parseSearch", () => {
  it("keeps a digit run too long for a number as text (an AWB), and reads the rest as the router's default does", () => {
    expect(parseSearch("?awb=12345678901234567890&pincode=411001&page=2&q=%22mop%22")).toEqual({
      awb: "12345678901234567890",
      pincode: 411001,
      page: 2,
      q: "mop",
    });
  });
});
