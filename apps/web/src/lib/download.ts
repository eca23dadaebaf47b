import { authHeader } from "./auth";

/**
 * Fetches a file the API serves only with the bearer token (invoice PDFs, CSV reports) and hands it
 * to the browser as a download: a plain link cannot carry the Authorization header.
 */
export async function downloadWithToken(url: string, fileName: string): Promise<void> {
  const res = await fetch(url, { headers: authHeader() });
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
