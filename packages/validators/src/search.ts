// The storefront search's synonym list (issue 18), edited by the owner in Settings: one group a line.
//   "phenyl, fenyl, phenyle"   each word finds the others (a search for "fenyl" also finds "phenyl")
//   "pocha, pochha => mop"     the words on the left also find the ones on the right, not the reverse
// Words are letters (any script), digits, spaces, ' & . and -; compared in lower case.
import { z } from "zod";

export interface SynonymGroup {
  /** words that, found in a search, are replaced by each of `to` */
  from: string[];
  to: string[];
  /** "a, b, c": every word finds the others (from and to are the same list) */
  mutual: boolean;
}

export const SYNONYM_LIMITS = { lines: 200, lineLength: 200, terms: 10, termLength: 40 } as const;

/** What a new store starts with (default-synonyms.ts). */
export { DEFAULT_SEARCH_SYNONYMS } from "./default-synonyms.ts";

const WORD = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N} '&.-]*[\p{L}\p{M}\p{N}.])?$/u;

const normaliseTerm = (term: string) => term.trim().replace(/\s+/g, " ").toLowerCase();

/** One line read as a group, or why it cannot be. */
export function parseSynonymLine(line: string): SynonymGroup | string {
  const sides = line.split("=>");
  if (sides.length > 2) return "use => at most once";
  const lists = sides.map((side) => [...new Set(side.split(",").map(normaliseTerm).filter(Boolean))]);
  const all = lists.flat();
  if (all.length > SYNONYM_LIMITS.terms) return `at most ${SYNONYM_LIMITS.terms} words a line`;
  const bad = all.find((t) => t.length > SYNONYM_LIMITS.termLength || !WORD.test(t));
  if (bad !== undefined) {
    return bad.length > SYNONYM_LIMITS.termLength
      ? `"${bad.slice(0, 20)}…" is longer than ${SYNONYM_LIMITS.termLength} characters`
      : `"${bad}" may hold only letters, digits, spaces, ' & . and -`;
  }
  const [from = [], to] = lists;
  if (to === undefined) {
    if (from.length < 2) return 'name at least two words that mean the same, separated by commas ("phenyl, fenyl"), or "word => other word"';
    return { from, to: from, mutual: true };
  }
  if (from.length === 0 || to.length === 0) return 'put words on both sides of => ("pocha => mop")';
  const both = from.find((t) => to.includes(t));
  if (both !== undefined) return `"${both}" is on both sides of =>`;
  return { from, to, mutual: false };
}

/** The line a group is stored and shown as. */
export const formatSynonymGroup = (group: SynonymGroup): string => (group.mutual ? group.to.join(", ") : `${group.from.join(", ")} => ${group.to.join(", ")}`);

/** The stored lines as groups (they were checked when saved; a line that no longer reads is skipped). */
export const synonymGroups = (lines: readonly string[]): SynonymGroup[] =>
  lines.flatMap((line) => {
    const group = parseSynonymLine(line);
    return typeof group === "string" ? [] : [group];
  });

/**
 * The synonym list: one group a line, as the Settings textarea sends it (a string) or as a list of
 * lines (the API). Blank lines are dropped; each line comes back in one spelling ("a, b => c").
 */
export const searchSynonymsSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/\r?\n/) : v),
  z
    .array(
      z.string({ error: "Each synonym line must be text" }).max(SYNONYM_LIMITS.lineLength, `A synonym line is at most ${SYNONYM_LIMITS.lineLength} characters`),
      {
        error: "Synonyms must be lines of text",
      },
    )
    .superRefine((lines, ctx) => {
      lines.forEach((line, i) => {
        const group = line.trim() === "" ? null : parseSynonymLine(line);
        if (typeof group === "string") ctx.addIssue({ code: "custom", message: `Synonyms, line ${i + 1}: ${group}` });
      });
      if (lines.filter((l) => l.trim() !== "").length > SYNONYM_LIMITS.lines)
        ctx.addIssue({ code: "custom", message: `At most ${SYNONYM_LIMITS.lines} synonym lines` });
    })
    .transform((lines) => [...new Set(synonymGroups(lines.filter((l) => l.trim() !== "")).map(formatSynonymGroup))]),
);
