// Reading the two request headers a kept answer is chosen by: Accept-Encoding (RFC 9110 §12.5.3)
// and If-None-Match (RFC 9110 §13.1.2).

/** the content codings this server sends, best first */
export type Coding = "br" | "gzip";

interface Weights {
  br?: number;
  gzip?: number;
  identity?: number;
  any?: number;
}

function weightsOf(text: string): Weights {
  const weights: Weights = {};
  for (const part of text.split(",")) {
    const [coding = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    const parsed = q === undefined ? 1 : Number(q.slice(2));
    const weight = Number.isFinite(parsed) ? parsed : 0;
    const name = coding === "x-gzip" ? "gzip" : coding === "*" ? "any" : coding;
    if (name === "br" || name === "gzip" || name === "identity" || name === "any") weights[name] = Math.max(weights[name] ?? 0, weight);
  }
  return weights;
}

const headerText = (header: string | string[] | undefined) => (Array.isArray(header) ? header.join(",") : header);

/** true when the client takes a gzip body: `gzip` (or `x-gzip`, or `*` when gzip is not named) listed with a q above 0 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const text = headerText(header);
  if (!text) return false;
  const weights = weightsOf(text);
  return (weights.gzip ?? weights.any ?? 0) > 0;
}

// Browsers send a handful of distinct Accept-Encoding values: the answer for each is remembered, so
// the page edge's per-request work stays a map lookup.
const remembered = new Map<string, Coding | null>();
const REMEMBERED_MAX = 64;

/**
 * The coding to send a body in, or null for none: brotli when the client takes it at least as
 * gladly as gzip, else gzip; a coding is taken when listed (or matched by `*`) with a q above 0,
 * and not taken when the client rates `identity` higher. No header, or an empty one, asks for none.
 */
export function acceptedEncoding(header: string | string[] | undefined): Coding | null {
  const text = headerText(header);
  if (!text) return null;
  const known = remembered.get(text);
  if (known !== undefined) return known;
  const weights = weightsOf(text);
  const br = weights.br ?? weights.any ?? 0;
  const gzip = weights.gzip ?? weights.any ?? 0;
  const best: Coding | null = br > 0 && br >= gzip ? "br" : gzip > 0 ? "gzip" : null;
  const chosen = best !== null && (weights.identity ?? 0) > Math.max(br, gzip) ? null : best;
  if (remembered.size >= REMEMBERED_MAX) remembered.clear();
  remembered.set(text, chosen);
  return chosen;
}

/** true when If-None-Match names one of `etags` (weak comparison: a W/ prefix is ignored) or is `*` */
export function noneMatch(header: string | string[] | undefined, etags: readonly string[]): boolean {
  const text = headerText(header);
  if (!text) return false;
  return text.split(",").some((tag) => {
    const t = tag.trim().replace(/^W\//, "");
    return t === "*" || etags.includes(t);
  });
}
