import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createLoginLimiter } from "../accounts/login-limiter.ts";
import { createProductCache } from "../catalogue/product-cache.ts";
import { createProductEvents } from "../catalogue/product-events.ts";
import { decodeDataUrl, productImageUrl, renderProductImages } from "../catalogue/images.ts";
import { hashPassword, verifyPassword } from "../accounts/passwords.ts";

describe("login limiter", () => {
  it("blocks an account after the configured checks from unknown addresses, and a success lets it go", async () => {
    const limiter = createLoginLimiter({ failures: 3, windowSeconds: 60 });
    for (let i = 0; i < 3; i++) expect(await limiter.reserve(`1.1.1.${i}`, i === 1 ? "ACC" : "Acc")).toBe(0);
    const wait = await limiter.reserve("9.9.9.9", "acc");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    await limiter.succeeded("1.1.1.0", "acc");
    expect(await limiter.reserve("9.9.9.9", "acc")).toBe(0);
  });
  it("blocks an address after the configured checks across accounts", async () => {
    const limiter = createLoginLimiter({ failures: 3 });
    for (let i = 0; i < 3; i++) expect(await limiter.reserve("2.2.2.2", `acc${i}`)).toBe(0);
    expect(await limiter.reserve("2.2.2.2", "fresh")).toBeGreaterThan(0);
    expect(await limiter.reserve("3.3.3.3", "fresh")).toBe(0);
  });
});

describe("images", () => {
  it("renders any real image to three square WebP sizes with a stable hash", async () => {
    const png = await sharp({ create: { width: 800, height: 200, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const a = await renderProductImages(png);
    const b = await renderProductImages(png);
    expect(a.hash).toMatch(/^[0-9a-f]{12}$/);
    expect(a.hash).toBe(b.hash);
    for (const size of [396, 150, 100] as const) {
      const meta = await sharp(a.images.get(size)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", size, size]);
    }
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="blue"/></svg>');
    expect((await renderProductImages(svg)).images.size).toBe(3);
  });
  it("rejects bytes that are not an image with a 400", async () => {
    await expect(renderProductImages(Buffer.from("hello world"))).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(renderProductImages(Buffer.alloc(0))).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
  it("decodes data URLs and builds hash URLs", () => {
    expect(decodeDataUrl("data:image/png;base64,aGVsbG8=").toString()).toBe("hello");
    expect(productImageUrl(5, "abc", 150)).toBe("/images/products/5/150/abc.webp");
    expect(productImageUrl(5, null, 150)).toBeNull();
  });
});

describe("passwords", () => {
  it("hashes with argon2id and verifies", async () => {
    const h = await hashPassword("Secret@123");
    expect(h).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(h, "Secret@123")).toBe(true);
    expect(await verifyPassword(h, "secret@123")).toBe(false);
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
  });
});

describe("product cache: share (issue 18)", () => {
  it("runs a load once for those who ask while it runs, keeps nothing after, and starts afresh after a write", async () => {
    const events = createProductEvents();
    const cache = createProductCache(events);
    const releases: (() => void)[] = [];
    let loads = 0;
    const load = () => {
      const n = ++loads;
      return new Promise<number>((resolve) => releases.push(() => resolve(n)));
    };
    const first = cache.share("search:a", load);
    const second = cache.share("search:a", load);
    expect(loads).toBe(1);
    // a write while it runs: who asks now gets a load of their own
    events.changed();
    const afterWrite = cache.share("search:a", load);
    expect(loads).toBe(2);
    for (const release of releases) release();
    expect(await Promise.all([first, second, afterWrite])).toEqual([1, 1, 2]);
    // nothing is kept once a load has settled
    const third = cache.share("search:a", load);
    releases.at(-1)?.();
    expect(await third).toBe(3);
    await expect(cache.share("search:b", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cache.share("search:b", () => Promise.resolve(4))).toBe(4);
  });
});
