// Accept-Encoding and If-None-Match as the catalogue cache reads them (content-coding.ts, issue 22).
import { describe, expect, it } from "vitest";
import { acceptsGzip, noneMatch } from "./content-coding.ts";

describe("acceptsGzip", () => {
  it("takes gzip when it is listed with a q above 0, or * is and gzip is not named", () => {
    for (const yes of ["gzip", "gzip, deflate, br, zstd", "br;q=1.0, gzip;q=0.8, *;q=0.1", "x-gzip", "*", "GZIP", ["br", "gzip"]])
      expect(acceptsGzip(yes), String(yes)).toBe(true);
    for (const no of [undefined, "", "identity", "br", "deflate, br", "gzip;q=0", "gzip;q=0.0, br", "*;q=0", "*, gzip;q=0", "gzip;q=abc"])
      expect(acceptsGzip(no), String(no)).toBe(false);
  });
});

describe("noneMatch", () => {
  it("matches any listed tag, weak or strong, and *", () => {
    expect(noneMatch('"a"', ['"a"'])).toBe(true);
    expect(noneMatch('W/"a"', ['"a"'])).toBe(true);
    expect(noneMatch('"x", "a-gz"', ['"a"', '"a-gz"'])).toBe(true);
    expect(noneMatch("*", ['"a"'])).toBe(true);
    expect(noneMatch('"b"', ['"a"'])).toBe(false);
    expect(noneMatch(undefined, ['"a"'])).toBe(false);
  });
});
