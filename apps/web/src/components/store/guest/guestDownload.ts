// A guest's invoice PDF (issue 29): fetched with the order's X-Order-Token (a plain link cannot send it).
import { orderAccessToken } from "./guestStorage";

export async function downloadGuestDocument(productOrderId: string, url: string, fileName: string): Promise<void> {
  const token = orderAccessToken(productOrderId);
  const res = await fetch(url, { headers: token ? { "X-Order-Token": token } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The download failed (${res.status}). Please try again.`);
  }
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
