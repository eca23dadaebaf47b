// A workaround fenced here (pdfkit 0.20): pdfkit decodes a PNG with an alpha channel asynchronously
// (png-js inflates it with zlib's callback form, on the thread pool) and writes the image's object when
// that ends. Two such images drawn in one tick are written in whichever order their decoding ends, and
// an image still decoding at end() lands after the page, so the same label gave different bytes about
// once in a hundred renders. Drawing an image and waiting until pdfkit has written it keeps the order:
// pdfkit's PNGImage calls its finalize() once the object is written, which is what this waits for.
// pdf-image-order.test.ts trips when an upgrade changes that.
import type PDFDocument from "pdfkit";

type Doc = InstanceType<typeof PDFDocument>;
export interface OpenedImage {
  /** png-js's decoder until pdfkit has written the image, then null */
  image?: unknown;
  /** writes the image's object; called by pdfkit once the PNG is decoded */
  finalize?: () => unknown;
}

/** waiting longer than this for one image means pdfkit changed: the render goes on (its bytes may vary) */
const MAX_WAIT_MS = 10_000;

/** pdfkit's own image object for the PNG (PDFDocument.openImage, not in its type definitions). */
export const openImage = (pdf: Doc, png: Buffer): OpenedImage => (pdf as unknown as { openImage(src: Buffer): OpenedImage }).openImage(png);

/** Draws the PNG and resolves once pdfkit has written its object. */
export async function drawImageInOrder(pdf: Doc, png: Buffer, x: number, y: number, options: PDFKit.Mixins.ImageOption): Promise<void> {
  const image = openImage(pdf, png);
  const finalize = image.finalize;
  if (typeof finalize !== "function") throw new Error("pdfkit's PNG image has no finalize(): see pdf-image-order.ts");
  let timer: NodeJS.Timeout | undefined;
  const written = new Promise<void>((resolve) => {
    image.finalize = function (this: OpenedImage) {
      const result = finalize.call(this);
      resolve();
      return result;
    };
    timer = setTimeout(resolve, MAX_WAIT_MS);
  });
  pdf.image(image as unknown as Buffer, x, y, options);
  await written;
  clearTimeout(timer);
  image.finalize = finalize;
}
