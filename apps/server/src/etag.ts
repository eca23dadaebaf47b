// The ETag of an answer the server keeps (catalogue lists, rendered pages, the sitemap): a hash of its
// text, after a prefix that says which kind of answer it is.
import { createHash } from "node:crypto";

export const contentEtag = (text: string, prefix = "") => `"${prefix}${createHash("sha1").update(text).digest("base64url").slice(0, 22)}"`;
