import { describe, expect, it } from "vitest";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { upiLink } from "@store/domain";
import { qrPng } from "./qr.ts";

const decode = (png: Buffer) => {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
};

describe("qrPng", () => {
  it("renders a PNG that a QR decoder reads back as exactly the UPI link", async () => {
    const link = upiLink({
      vpa: "clean.store@okicici",
      payeeName: "Clean Store & Co",
      amountPaise: 49_950,
      reference: "ORD-20261124-000042",
      note: "Order ORD-20261124-000042",
    });
    const png = await qrPng(link);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(PNG.sync.read(png).width).toBe(320);
    expect(decode(png)).toBe(link);
  });

  it("refuses text too long for a scannable code", async () => {
    await expect(qrPng("x".repeat(1_001))).rejects.toThrow(RangeError);
  });
});
