import type { SynonymGroup } from "@store/validators";

/**
 * Prisma's `contains` becomes SQL LIKE without escaping, so a search for "9%" or "a_b" would
 * treat % and _ as wildcards. Escape them (and the escape character itself) so a search matches
 * the text as typed.
 */
export const likeText = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A search and the synonyms it is also run as: the search itself first, at most this many in all. */
export const MAX_SEARCH_TERMS = 8;

/** A search as it is run and kept (issue 22): trimmed, inner spaces as one, lower case — the matching ignores case, so "Lemon  Gel" and "lemon gel" are one search with one cache entry. */
export const normalizeSearch = (search: string): string => search.trim().replace(/\s+/g, " ").toLowerCase();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The search as typed, then each variant with one synonym put in for a word or phrase of it
 * (docs/decisions.md, issue 18): with "phenyl, fenyl" a search for "fenyl 1 litre" is also run
 * as "phenyl 1 litre"; with "pocha => mop", "pocha" also as "mop" (not the reverse). Words match
 * whole, in lower case. One level: a replacement is not expanded again.
 */
export function expandSearch(search: string, groups: readonly SynonymGroup[]): string[] {
  const text = normalizeSearch(search);
  const terms = new Set([text]);
  for (const group of groups) {
    for (const word of group.from) {
      const at = new RegExp(`(^|[^\\p{L}\\p{M}\\p{N}])${escapeRegExp(word)}(?=$|[^\\p{L}\\p{M}\\p{N}])`, "u");
      if (!at.test(text)) continue;
      for (const other of group.to) {
        if (other !== word) terms.add(text.replace(at, (_, before: string) => `${before}${other}`));
        if (terms.size >= MAX_SEARCH_TERMS) return [...terms];
      }
    }
  }
  return [...terms];
}
