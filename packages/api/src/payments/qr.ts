// QR codes as PNG images, made by the `qrcode` package.
import QRCode from "qrcode";

const MAX_TEXT = 1_000;

export async function qrPng(text: string, opts: { size?: number } = {}): Promise<Buffer> {
  if (text.length > MAX_TEXT) throw new RangeError(`A QR code holds at most ${MAX_TEXT} characters here`);
  return QRCode.toBuffer(text, { type: "png", errorCorrectionLevel: "M", margin: 2, width: opts.size ?? 320 });
}
