// The storefront's product lists and searches in ONE parameterised SQL statement each (docs/decisions.md, issue 7).
// As Prisma calls (findMany + count) a search of the bench's 1,000 products took 41 ms on PGlite,
// ~30 ms of it in Prisma's WebAssembly query compiler; this statement, with the total counted by a
// window function, takes 9 ms (measured in-process, 50 runs each). Same rows as `productSelect`.
//
// A search forgives typing (docs/decisions.md, issues 18 and 23). It is run as typed and as each
// synonym variant (search.ts expandSearch), and ranks what it finds:
//   0  the whole name is the search            3  every word of it is in the name, in any order
//   1  the name or a word of it starts with it  4  its words are in the name, category, pack size or details
//   2  the name contains it                     5  each word is in the product or spelt close to a word of the name
// Within a tier, what the search as typed found comes before what only a synonym found, then the
// closer: in tier 4 the more of the words are in the name (then the category) rather than only the
// details; in tier 5 the closer spelling. A search of 2 to SEARCH_RULES.wordsApartMaxWords words
// without a digit is matched with its words apart ("laundry liquid" is Liquid Detergent of
// category Laundry); a longer one, or one with a number, only as a phrase.
// Tier 5 is looked for only when tiers 0-4 found fewer than SEARCH_RULES.fuzzyBelow products, and
// only for a short search of a few words (issue 22: long typo-tolerant searches were what a guest
// could saturate the database with), through the caller's gate (search-gate.ts): then
// the search is answered by a second statement that holds both (planning the close-spelling
// branch costs ~2 ms of PGlite's one thread, which the searches that find what was typed do not
// pay). "Close" is pg_trgm's word_similarity of a word of the search and the name, or of their
// consonant skeletons (lower case, without the vowels that do not start a word: "clenar" and
// "Cleaner" are both "clnr"), each served by a GIN trigram index (prisma/migrations/*_search_indexes,
// *_search_name_skeleton). The default order of a search is that rank; an explicit sort (price,
// name, newest) orders what matched.
import { Prisma, type Db } from "@store/db";
import type { productListInput } from "@store/validators";
import type { z } from "zod";
import { likeText } from "./search.ts";
import type { ProductRow } from "./serializers.ts";

export type ProductFilter = NonNullable<z.infer<typeof productListInput>>;

export const SEARCH_RULES = {
  /** close spellings are looked for only when the products found as typed are fewer than this */
  fuzzyBelow: 5,
  /** a word shorter than this is never matched by closeness: too few trigrams to mean anything */
  fuzzyMinLength: 4,
  /** nor a search with a digit: a pack size or a number close to another ("500ml", "750ml") is another product */
  fuzzyNoDigits: /\d/,
  /** word_similarity(word, name) at least: pg_trgm's default word_similarity_threshold, which `%>` applies */
  nameCloseness: 0.6,
  /** or: word_similarity of the two consonant skeletons at least this… */
  skeletonCloseness: 0.75,
  /** …and the closeness (the mean of the two similarities) at least this: "tiles" is not "Tulsi" (both "tls") */
  closeness: 0.65,
  /** a word whose skeleton is shorter than this is not compared by skeleton ("soap" is "sp") */
  skeletonMinLength: 3,
  /** a search (or synonym) of 2 to this many words, without a digit, is also matched with its words apart; a longer one only as a phrase */
  wordsApartMaxWords: 4,
  /** close spellings only for a search this short (a misspelt product name, not a sentence)… */
  fuzzyMaxLength: 32,
  /** …of at most this many words… */
  fuzzyMaxWords: 4,
  /** …and for at most this many of its terms (the search first, then its synonym variants) of at most that many words */
  fuzzyMaxTerms: 3,
} as const;

/** The tiers of a ranked search (above); a term that found nothing ranks as NOT_FOUND. */
const TIER = { name: 0, nameStart: 1, inName: 2, wordsInName: 3, inProduct: 4, close: 5, notFound: 6 } as const;

const wordsOf = (term: string) => [...new Set(term.split(" "))];

/**
 * The words a term is matched by: apart when it has 2 to wordsApartMaxWords of them, else the term
 * as one phrase; and a term with a digit as typed ("shelf probe 2" is not every shelf probe with a 2 in its details).
 */
function matchedBy(term: string): string[] {
  const words = wordsOf(term);
  return words.length >= 2 && words.length <= SEARCH_RULES.wordsApartMaxWords && !SEARCH_RULES.fuzzyNoDigits.test(term) ? words : [term];
}

const canBeClose = (word: string) => word.length >= SEARCH_RULES.fuzzyMinLength && !SEARCH_RULES.fuzzyNoDigits.test(word);

/** The terms to look for close spellings of: none for a long search; else the search and its variants that can be misspelt. */
export function closeSpellingTerms(terms: string[]): string[] {
  const [search] = terms;
  const short = (t: string) => t.length <= SEARCH_RULES.fuzzyMaxLength && t.split(" ").length <= SEARCH_RULES.fuzzyMaxWords;
  if (search === undefined || !short(search)) return [];
  return terms.filter((t) => short(t) && !SEARCH_RULES.fuzzyNoDigits.test(t) && wordsOf(t).some(canBeClose)).slice(0, SEARCH_RULES.fuzzyMaxTerms);
}

/** runs the close-spelling statement: within the caller's bounds (search-gate.ts), or at once */
export type CloseSpellingGate = <T>(statement: () => Promise<T>) => Promise<T>;
const ungated: CloseSpellingGate = (statement) => statement();

/** productId last, so equal prices or names keep one order from page to page */
const ORDER_BY: Record<NonNullable<ProductFilter["sort"]>, Prisma.Sql> = {
  // by the lowest price of the product's packs (issue 25): what its card says, "from ₹39"
  priceAsc: Prisma.sql`"priceFrom" ASC, "productId" ASC`,
  priceDesc: Prisma.sql`"priceFrom" DESC, "productId" DESC`,
  name: Prisma.sql`"productName" ASC, "productId" ASC`,
  newest: Prisma.sql`"createdAt" DESC, "productId" DESC`,
  relevance: Prisma.sql`tier ASC, "typedTier" ASC, closeness DESC, "createdAt" DESC, "productId" DESC`,
};

const COLUMNS = Prisma.sql`"productId", "productName", "productPrice", "mainPrice", offer, "packSize", "productInfo", category, "deliveryCharge",
      quantity, "productImgName", "imageHash", "hsnCode", "gstRate", "countryOfOrigin", manufacturer, "priceFrom", "variantCount", "defaultVariantId",
      "ratingCount", "ratingSum", "createdAt", "updatedAt"`;

const NAME = Prisma.sql`"productName"`;
const CATEGORY = Prisma.sql`category`;
/** what a search looks in on the product row, each column served by its trigram index (migration *_search_indexes) */
const PRODUCT_FIELDS = [NAME, Prisma.sql`"productInfo"`, Prisma.sql`"packSize"`, CATEGORY];
/**
 * what a search looks in on a product it found: the same, with the labels and SKUs of its active
 * packs (`packs`, worked out for the found rows only) for its pack size (issue 25: "5 l" or a SKU
 * finds its product)
 */
const FIELDS = [NAME, Prisma.sql`"productInfo"`, Prisma.sql`packs`, CATEGORY];
const PACK_FIELDS = [Prisma.sql`label`, Prisma.sql`sku`];

/** the name's consonant skeleton: exactly the expression of the index Product_productName_skeleton_trgm_idx */
const NAME_SKELETON = Prisma.sql`regexp_replace(lower("productName"), '\\Y[aeiou]+', '', 'g')`;
const skeleton = (term: string) => Prisma.sql`regexp_replace(lower(${term}::text), '\\Y[aeiou]+', '', 'g')`;

const anyOf = (parts: Prisma.Sql[]) => Prisma.sql`(${Prisma.join(parts, " OR ")})`;
const allOf = (parts: Prisma.Sql[]) => Prisma.sql`(${Prisma.join(parts, " AND ")})`;
const greatest = (parts: Prisma.Sql[]) => (parts.length === 1 ? parts[0]! : Prisma.sql`greatest(${Prisma.join(parts, ", ")})`);
const sum = (parts: Prisma.Sql[]) => Prisma.sql`(${Prisma.join(parts, " + ")})`;

/** text matched literally in a PostgreSQL regular expression: every character but a letter, digit or mark escaped */
const regexText = (text: string) => text.replace(/[^\p{L}\p{M}\p{N}]/gu, (c) => `\\${c}`);
const contains = (column: Prisma.Sql, text: string) => Prisma.sql`${column} ILIKE ${`%${likeText(text)}%`}::text`;
/** the column starts with the text, or a word of it does (after a space or a hyphen) */
const startsAWord = (column: Prisma.Sql, text: string) => Prisma.sql`${column} ~* ${`(^|[ -])${regexText(text)}`}::text`;
const inProduct = (text: string, fields = FIELDS) => anyOf(fields.map((column) => contains(column, text)));
/** the trigram-served test of a term, true of all it finds (and more): each of its words (or its phrase) is in some column */
const mayMatch = (term: string) => allOf(matchedBy(term).map((w) => inProduct(w, PRODUCT_FIELDS)));
/** the same test of an active pack's label and SKU (ProductVariant_label_trgm_idx, ProductVariant_sku_trgm_idx) */
const packMayMatch = (term: string) => allOf(matchedBy(term).map((w) => inProduct(w, PACK_FIELDS)));

/**
 * The products a term may match, by their own columns or by a pack of theirs, with `packs`: the
 * labels and SKUs of their active packs, which the matching and ranking then read like a column.
 */
const productsMatching = (terms: string[]) => Prisma.sql`SELECT p.*,
    COALESCE((SELECT string_agg(v.label || ' ' || v.sku, ' ' ORDER BY v.position, v."variantId") FROM "ProductVariant" v
      WHERE v."productId" = p."productId" AND v.active), p."packSize") AS packs
  FROM "Product" p
  WHERE p."productId" IN (SELECT "productId" FROM "Product" WHERE ${anyOf(terms.map(mayMatch))}
    UNION SELECT "productId" FROM "ProductVariant" WHERE active AND ${anyOf(terms.map(packMayMatch))})`;
/**
 * What a term finds: its phrase in some column, or, matched apart, each of its words starting a
 * word of some column ("loo" is not in "Floor", "hit" not in "White").
 */
function matches(term: string): Prisma.Sql {
  const words = matchedBy(term);
  if (words.length === 1) return inProduct(term);
  return anyOf([inProduct(term), allOf(words.map((w) => anyOf(FIELDS.map((column) => startsAWord(column, w)))))]);
}

/**
 * A term's tier for a product (0-4), or NOT_FOUND. `sure`: the product is known to hold the term
 * (the only term, a phrase, which the trigram test of the row already found).
 */
function tierOf(term: string, sure: boolean): Prisma.Sql {
  const words = matchedBy(term);
  // past tier 2 the name does not hold the phrase: only the other columns can
  const elsewhere = anyOf(FIELDS.filter((column) => column !== NAME).map((column) => contains(column, term)));
  const inProductTier = sure
    ? Prisma.sql`ELSE ${TIER.inProduct}::int`
    : Prisma.sql`WHEN ${words.length === 1 ? elsewhere : anyOf([elsewhere, allOf(words.map((w) => anyOf(FIELDS.map((column) => startsAWord(column, w)))))])} THEN ${TIER.inProduct}::int
        ELSE ${TIER.notFound}::int`;
  return Prisma.sql`CASE WHEN lower("productName") = lower(${term}::text) THEN ${TIER.name}::int
        WHEN ${startsAWord(NAME, term)} THEN ${TIER.nameStart}::int
        WHEN ${contains(NAME, term)} THEN ${TIER.inName}::int
        ${words.length > 1 ? Prisma.sql`WHEN ${allOf(words.map((w) => startsAWord(NAME, w)))} THEN ${TIER.wordsInName}::int` : Prisma.empty}
        ${inProductTier} END`;
}

/**
 * How much of what a term found in a product of tier 4 is in the name (a word there 1, in the
 * category ½, elsewhere 0): the order within tier 4. A phrase in the name would be tier 2, so only
 * its category counts. Only an order, so a word counts wherever it is (cheaper than a word start).
 */
function inNameShare(term: string): Prisma.Sql {
  const words = matchedBy(term);
  if (words.length === 1) return Prisma.sql`CASE WHEN ${contains(CATEGORY, term)} THEN 0.5 ELSE 0 END`;
  const weight = (w: string) => Prisma.sql`CASE WHEN ${contains(NAME, w)} THEN 2 WHEN ${contains(CATEGORY, w)} THEN 1 ELSE 0 END`;
  return Prisma.sql`${sum(words.map(weight))}::float8 / ${2 * words.length}::float8`;
}

/**
 * The products that contain a term (tiers 0-4), with their tier when it orders them. The text
 * conditions sit in a subquery fenced with OFFSET 0, so that the planner serves them from the
 * trigram indexes rather than walking all live products by "deletedAt" and testing each, which it
 * estimates cheaper once the table has statistics and which is 3-8x slower on PGlite at 10,000.
 * Each term's tier is worked out once a row (fenced again: a broad search ranks thousands of
 * rows); the product's is the best of them, the search as typed gives "typedTier".
 */
function containing(terms: string[], inCategory: Prisma.Sql, ranked: boolean): Prisma.Sql {
  const found = Prisma.sql`${productsMatching(terms)} OFFSET 0`;
  if (!ranked) {
    const refine = terms.some((t) => matchedBy(t).length > 1) ? Prisma.sql` AND ${anyOf(terms.map(matches))}` : Prisma.empty;
    return Prisma.sql`SELECT ${COLUMNS}, 0 AS tier, 0 AS "typedTier", 1::float8 AS closeness
      FROM (${found}) p WHERE "deletedAt" IS NULL AND ${inCategory}${refine}`;
  }
  const tiers = terms.map((_, i) => Prisma.raw(`"term${i}Tier"`));
  const tier = tiers.length === 1 ? tiers[0]! : Prisma.sql`least(${Prisma.join(tiers, ", ")})`;
  const shares = terms.map((t, i) => Prisma.sql`CASE WHEN ${tiers[i]!} = ${TIER.inProduct}::int THEN ${inNameShare(t)} ELSE 0 END`);
  return Prisma.sql`SELECT ${COLUMNS}, ${tier} AS tier, ${tiers[0]!} AS "typedTier",
      CASE WHEN ${tier} = ${TIER.inProduct}::int THEN ${greatest(shares)} ELSE 1 END::float8 AS closeness
    FROM (SELECT p.*, ${Prisma.join(
      terms.map((t, i) => Prisma.sql`${tierOf(t, terms.length === 1 && matchedBy(t).length === 1)} AS ${tiers[i]!}`),
      ", ",
    )}
      FROM (${found}) p WHERE "deletedAt" IS NULL AND ${inCategory}
      OFFSET 0) ranked
    WHERE ${tier} < ${TIER.notFound}::int`;
}

/** a word spelt close to a word of the name: the index-served test (`%>`) and the thresholds, and the closeness that orders tier 5 */
function closeWord(word: string) {
  const nameSimilarity = Prisma.sql`word_similarity(${word}::text, "productName")`;
  const skeletonSimilarity = Prisma.sql`word_similarity(${skeleton(word)}, ${NAME_SKELETON})`;
  const longSkeleton = Prisma.sql`length(${skeleton(word)}) >= ${SEARCH_RULES.skeletonMinLength}::int`;
  const closeness = Prisma.sql`(${nameSimilarity} + ${skeletonSimilarity}) / 2`;
  return {
    indexed: Prisma.sql`("productName" %> ${word}::text OR (${longSkeleton} AND ${NAME_SKELETON} %> ${skeleton(word)}))`,
    close: Prisma.sql`(${nameSimilarity} >= ${SEARCH_RULES.nameCloseness}::float8
      OR (${longSkeleton} AND ${skeletonSimilarity} >= ${SEARCH_RULES.skeletonCloseness}::float8 AND ${closeness} >= ${SEARCH_RULES.closeness}::float8))`,
    closeness,
  };
}

/**
 * The products each word of a term is in or spelt close to a word of the name of (tier 5), leaving
 * out those of `direct`; fenced like `containing`. A one-word term is only looked for by closeness
 * (were it in the product, `direct` would hold it).
 */
function spelledClose(terms: string[], typed: string, inCategory: Prisma.Sql): Prisma.Sql {
  const per = terms.map((term) => {
    const words = wordsOf(term).map((word) => ({ word, ...(canBeClose(word) ? closeWord(word) : null) }));
    const startsAWordOfProduct = (word: string) => anyOf(PRODUCT_FIELDS.map((column) => startsAWord(column, word)));
    const candidate =
      words.length === 1
        ? (words[0]?.indexed ?? Prisma.sql`false`)
        : allOf(words.map((w) => (w.indexed ? anyOf([inProduct(w.word, PRODUCT_FIELDS), w.indexed]) : inProduct(w.word, PRODUCT_FIELDS))));
    const found =
      words.length === 1
        ? (words[0]?.close ?? Prisma.sql`false`)
        : allOf(words.map((w) => (w.close ? anyOf([startsAWordOfProduct(w.word), w.close]) : startsAWordOfProduct(w.word))));
    const score = (w: (typeof words)[number]) =>
      Prisma.sql`CASE WHEN ${startsAWord(NAME, w.word)} THEN 1 ${w.close ? Prisma.sql`WHEN ${w.close} THEN ${w.closeness}` : Prisma.empty} ELSE 0 END`;
    return { term, candidate, found, closeness: Prisma.sql`CASE WHEN ${found} THEN ${sum(words.map(score))} / ${words.length}::float8 ELSE 0 END` };
  });
  const byTyped = per.find((t) => t.term === typed);
  return Prisma.sql`SELECT ${COLUMNS}, ${TIER.close}::int AS tier,
      ${byTyped ? Prisma.sql`CASE WHEN ${byTyped.found} THEN ${TIER.close}::int ELSE ${TIER.notFound}::int END` : Prisma.sql`${TIER.notFound}::int`} AS "typedTier",
      ${greatest(per.map((t) => t.closeness))}::float8 AS closeness
    FROM (SELECT * FROM "Product" WHERE ${anyOf(per.map((t) => t.candidate))} OFFSET 0) p
    WHERE "deletedAt" IS NULL AND ${inCategory}
      AND "productId" NOT IN (SELECT "productId" FROM direct)
      AND ${anyOf(per.map((t) => t.found))}`;
}

/** one page of `matched` (a CTE of the statement `withMatched` starts) in `order`, and how many it holds */
async function pageOf(db: Pick<Db, "$queryRaw">, withMatched: Prisma.Sql, order: Prisma.Sql, page: { limit: number; offset: number }) {
  const rows = await db.$queryRaw<(ProductRow & { total: number })[]>`
    ${withMatched}
    SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM matched
    ORDER BY ${order}
    LIMIT ${page.limit}::int OFFSET ${page.offset}::int`;
  const [first] = rows;
  if (first) return { rows: rows.map(({ total: _, ...row }) => row), total: first.total };
  if (page.offset === 0) return { rows: [], total: 0 };
  // past the last page the window has no row to report the total on
  const [counted] = await db.$queryRaw<{ total: number }[]>`${withMatched} SELECT count(*)::int AS total FROM matched`;
  return { rows: [], total: counted?.total ?? 0 };
}

/**
 * Live products matching the filter, one page of them, and how many match in all. `terms` is the
 * search and its synonym variants (empty: no search), the search first, normalised (search.ts
 * normalizeSearch). The statements' shape depends only on how many terms and words there are;
 * every term and word is a bound parameter. The close-spelling statement runs through `gate`.
 */
export async function queryProducts(
  db: Pick<Db, "$queryRaw">,
  filter: ProductFilter,
  page: { limit: number; offset: number },
  terms: string[] = filter.search ? [filter.search] : [],
  gate: CloseSpellingGate = ungated,
): Promise<{ rows: ProductRow[]; total: number }> {
  const category = filter.category ?? null;
  const inCategory = Prisma.sql`(${category}::text IS NULL OR category = ${category}::text)`;
  const sort = filter.sort ?? "relevance";
  if (terms.length === 0) {
    const all = Prisma.sql`WITH matched AS (SELECT ${COLUMNS} FROM "Product" WHERE "deletedAt" IS NULL AND ${inCategory})`;
    return pageOf(db, all, ORDER_BY[sort === "relevance" ? "newest" : sort], page);
  }
  const order = ORDER_BY[sort];
  const typed = await pageOf(db, Prisma.sql`WITH matched AS (${containing(terms, inCategory, sort === "relevance")})`, order, page);
  const fuzzy = closeSpellingTerms(terms);
  if (typed.total >= SEARCH_RULES.fuzzyBelow || fuzzy.length === 0) return typed;
  return gate(() =>
    pageOf(
      db,
      Prisma.sql`WITH direct AS (${containing(terms, inCategory, sort === "relevance")}),
      fuzzy AS (${spelledClose(fuzzy, terms[0] ?? "", inCategory)}),
      matched AS (SELECT * FROM direct UNION ALL SELECT * FROM fuzzy)`,
      order,
      page,
    ),
  );
}
