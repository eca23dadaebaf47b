// Reading the two request headers a kept answer is chosen by: Accept-Encoding (RFC 9110 §12.5.3)
// and If-None-Match (RFC 9110 §13.1.2).

/** true when the client takes a gzip body: `gzip` (or `x-gzip`, or `*` when gzip is not named) listed with a q above 0 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const text = Array.isArray(header) ? header.join(",") : header;
  if (!text) return false;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of text.split(",")) {
    const [coding = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (coding === "gzip" || coding === "x-gzip") gzip = Math.max(gzip ?? 0, weight);
    else if (coding === "*") any = weight;
  }
  const weight = gzip ?? any ?? 0;
  return Number.isFinite(weight) && weight > 0;
}

/** true when If-None-Match names one of `etags` (weak comparison: a W/ prefix is ignored) or is `*` */
export function noneMatch(header: string | string[] | undefined, etags: readonly string[]): boolean {
  const text = Array.isArray(header) ? header.join(",") : header;
  if (!text) return false;
  return text.split(",").some((tag) => {
    const t = tag.trim().replace(/^W\//, "");
    return t === "*" || etags.includes(t);
  });
}
