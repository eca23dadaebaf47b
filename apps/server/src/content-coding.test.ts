// Accept-Encoding and If-None-Match as the kept answers read them (content-coding.ts, issues 22 and 23).
import { describe, expect, it } from "vitest";
import { acceptedEncoding, acceptsGzip, noneMatch } from "./content-coding.ts";

describe("acceptsGzip", () => {
  it("takes gzip when it is listed with a q above 0, or * is and gzip is not named", () => {
    for (const yes of ["gzip", "gzip, deflate, br, zstd", "br;q=1.0, gzip;q=0.8, *;q=0.1", "x-gzip", "*", "GZIP", ["br", "gzip"]])
      expect(acceptsGzip(yes), String(yes)).toBe(true);
    for (const no of [undefined, "", "identity", "br", "deflate, br", "gzip;q=0", "gzip;q=0.0, br", "*;q=0", "*, gzip;q=0", "gzip;q=abc"])
      expect(acceptsGzip(no), String(no)).toBe(false);
  });
});

describe("acceptedEncoding", () => {
  it("prefers brotli when the client takes it at least as gladly as gzip", () => {
    for (const header of ["br", "gzip, deflate, br, zstd", "br, gzip", "gzip;q=0.8, br;q=0.8", "BR", "*", "gzip;q=0.5, *", ["gzip", "br"], "br;q=0.1"])
      expect(acceptedEncoding(header), String(header)).toBe("br");
  });

  it("sends gzip when brotli is not taken or rated lower", () => {
    for (const header of [
      "gzip",
      "gzip, deflate",
      "x-gzip",
      "br;q=0.5, gzip",
      "br;q=0, gzip",
      "br;q=0, *",
      "*, br;q=0",
      "gzip;q=0.9, br;q=0.3",
      "deflate, gzip;q=0.2",
    ])
      expect(acceptedEncoding(header), String(header)).toBe("gzip");
  });

  it("sends no coding when none is asked for, every one is refused, or identity is rated higher", () => {
    for (const header of [
      undefined,
      "",
      "identity",
      "deflate",
      "zstd",
      "br;q=0, gzip;q=0",
      "*;q=0",
      "*;q=0, identity",
      "br;q=abc",
      "identity;q=1, br;q=0.5, gzip;q=0.5",
      "identity;q=0.9, *;q=0.1",
    ])
      expect(acceptedEncoding(header), String(header)).toBeNull();
  });

  it("gives the same answer for a header it has seen (remembered) as the first time", () => {
    for (let i = 0; i < 200; i++) expect(acceptedEncoding(`gzip;q=0.${(i % 9) + 1}, br;q=0.0${i % 9}`)).toBe("gzip");
    expect(acceptedEncoding("gzip, br")).toBe("br");
    expect(acceptedEncoding("gzip, br")).toBe("br");
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
