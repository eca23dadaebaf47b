// Trips when a pdfkit upgrade changes what pdf-image-order.ts relies on: an opened PNG with an alpha
// channel is decoded after image() returns, and its finalize() runs once its object is written.
import PDFDocument from "pdfkit";
import bwipjs from "bwip-js/node";
import { describe, expect, it } from "vitest";
import { drawImageInOrder, openImage } from "./pdf-image-order.ts";

describe("pdfkit's PNG images (the label's barcodes)", () => {
  it("writes an opened PNG after image() returns, in its finalize(); the wait ends when it has", async () => {
    const png = await bwipjs.toBuffer({ bcid: "code128", text: "AWB123", scale: 3, height: 10, includetext: false });
    // bwip-js's PNGs carry an alpha channel: the case pdfkit decodes asynchronously
    expect(png[25]).toBe(6);
    const pdf = new PDFDocument();
    const drawn = openImage(pdf, png);
    expect(typeof drawn.finalize).toBe("function");
    let finalized = false;
    const finalize = drawn.finalize!;
    drawn.finalize = function (this: typeof drawn) {
      finalized = true;
      return finalize.call(this);
    };
    pdf.image(drawn as unknown as Buffer, 0, 0, { width: 100 });
    expect(finalized).toBe(false);
    expect(drawn.image).toBeTruthy();
    await drawImageInOrder(pdf, png, 0, 120, { width: 100 });
    for (let i = 0; i < 10_000 && !finalized; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(finalized).toBe(true);
    expect(drawn.image).toBeNull();
    pdf.end();
  });
});
