// The storefront's product lists and searches in ONE parameterised SQL statement each (docs/decisions.md, issue 7).
// As Prisma calls (findMany + count) a search of the bench's 1,000 products took 41 ms on PGlite,
// ~30 ms of it in Prisma's WebAssembly query compiler; this statement, with the total counted by a
// window function, takes 9 ms (measured in-process, 50 runs each). Same rows as `productSelect`.
//
// A search forgives typing (docs/decisions.md, issue 18). It is run as typed and as each synonym
// variant (search.ts expandSearch), and ranks what it finds:
//   0  the whole name is the search            3  details, pack size or category contain it
//   1  the name or a word of it starts with it  4  a word of the name is spelt close to it
//   2  the name contains it
// Tier 4 is looked for only when tiers 0-3 found fewer than SEARCH_RULES.fuzzyBelow products, and
// only for a short search of a few words (issue 22: long typo-tolerant searches were what a guest
// could saturate the database with), through the caller's gate (search-gate.ts): then
// the search is answered by a second statement that holds both (planning the close-spelling
// branch costs ~2 ms of PGlite's one thread, which the searches that find what was typed do not
// pay). "Close" is pg_trgm's word_similarity of the search and the name, or of their consonant
// skeletons (lower case, without the vowels that do not start a word: "clenar" and "Cleaner" are
// both "clnr"), each served by a GIN trigram index (prisma/migrations/*_search_indexes,
// *_search_name_skeleton). Closer spellings come first. The default order of a search is that
// rank; an explicit sort (price, name, newest) orders what matched.
import { Prisma, type Db } from "@store/db";
import type { productListInput } from "@store/validators";
import type { z } from "zod";
import { likeText } from "./search.ts";
import type { ProductRow } from "./serializers.ts";

export type ProductFilter = NonNullable<z.infer<typeof productListInput>>;

export const SEARCH_RULES = {
  /** close spellings are looked for only when the exact, prefix and substring matches are fewer than this */
  fuzzyBelow: 5,
  /** a search (or synonym) shorter than this is never matched by closeness: too few trigrams to mean anything */
  fuzzyMinLength: 4,
  /** nor one with a digit: a pack size or a number close to another ("500ml", "750ml") is another product */
  fuzzyNoDigits: /\d/,
  /** word_similarity(search, name) at least: pg_trgm's default word_similarity_threshold, which `%>` applies */
  nameCloseness: 0.6,
  /** or: word_similarity of the two consonant skeletons at least this… */
  skeletonCloseness: 0.75,
  /** …and the closeness (the mean of the two similarities) at least this: "tiles" is not "Tulsi" (both "tls") */
  closeness: 0.65,
  /** a search whose skeleton is shorter than this is not compared by skeleton ("soap" is "sp") */
  skeletonMinLength: 3,
  /** close spellings only for a search this short (a misspelt product name, not a sentence)… */
  fuzzyMaxLength: 32,
  /** …of at most this many words… */
  fuzzyMaxWords: 4,
  /** …and for at most this many of its terms (the search first, then its synonym variants) */
  fuzzyMaxTerms: 3,
} as const;

/** The terms to look for close spellings of: none for a long search; else the search and its variants that can be misspelt. */
export function closeSpellingTerms(terms: string[]): string[] {
  const [search] = terms;
  if (search === undefined || search.length > SEARCH_RULES.fuzzyMaxLength || search.split(" ").length > SEARCH_RULES.fuzzyMaxWords) return [];
  return terms.filter((t) => t.length >= SEARCH_RULES.fuzzyMinLength && !SEARCH_RULES.fuzzyNoDigits.test(t)).slice(0, SEARCH_RULES.fuzzyMaxTerms);
}

/** runs the close-spelling statement: within the caller's bounds (search-gate.ts), or at once */
export type CloseSpellingGate = <T>(statement: () => Promise<T>) => Promise<T>;
const ungated: CloseSpellingGate = (statement) => statement();

/** productId last, so equal prices or names keep one order from page to page */
const ORDER_BY: Record<NonNullable<ProductFilter["sort"]>, Prisma.Sql> = {
  priceAsc: Prisma.sql`"productPrice" ASC, "productId" ASC`,
  priceDesc: Prisma.sql`"productPrice" DESC, "productId" DESC`,
  name: Prisma.sql`"productName" ASC, "productId" ASC`,
  newest: Prisma.sql`"createdAt" DESC, "productId" DESC`,
  relevance: Prisma.sql`tier ASC, closeness DESC, "createdAt" DESC, "productId" DESC`,
};

const COLUMNS = Prisma.sql`"productId", "productName", "productPrice", "mainPrice", offer, "packSize", "productInfo", category, "deliveryCharge",
      quantity, "productImgName", "imageHash", "hsnCode", "gstRate", "countryOfOrigin", manufacturer, "createdAt", "updatedAt"`;

/** the name's consonant skeleton: exactly the expression of the index Product_productName_skeleton_trgm_idx */
const NAME_SKELETON = Prisma.sql`regexp_replace(lower("productName"), '\\Y[aeiou]+', '', 'g')`;
const skeleton = (term: string) => Prisma.sql`regexp_replace(lower(${term}::text), '\\Y[aeiou]+', '', 'g')`;

const anyOf = (parts: Prisma.Sql[]) => Prisma.sql`(${Prisma.join(parts, " OR ")})`;

/**
 * The products that contain a term (tiers 0-3), with their tier when it orders them. The text
 * conditions sit in a subquery fenced with OFFSET 0, so that the planner serves them from the
 * trigram indexes rather than walking all live products by "deletedAt" and testing each, which it
 * estimates cheaper once the table has statistics and which is 3-8x slower on PGlite at 10,000.
 */
function containing(terms: string[], inCategory: Prisma.Sql, ranked: boolean): Prisma.Sql {
  const like = terms.map((t) => likeText(t));
  const contains = like.map((l) => `%${l}%`);
  const containsIn = (column: Prisma.Sql) => anyOf(contains.map((c) => Prisma.sql`${column} ILIKE ${c}::text`));
  const tier = ranked
    ? Prisma.sql`CASE WHEN ${anyOf(terms.map((t) => Prisma.sql`lower("productName") = lower(${t}::text)`))} THEN 0
        WHEN ${anyOf(like.flatMap((l) => [`${l}%`, `% ${l}%`, `%-${l}%`]).map((p) => Prisma.sql`"productName" ILIKE ${p}::text`))} THEN 1
        WHEN ${containsIn(Prisma.sql`"productName"`)} THEN 2
        ELSE 3 END`
    : Prisma.sql`0`;
  return Prisma.sql`SELECT ${COLUMNS}, ${tier} AS tier, 1::float8 AS closeness
    FROM (SELECT * FROM "Product"
      WHERE ${containsIn(Prisma.sql`"productName"`)} OR ${containsIn(Prisma.sql`"productInfo"`)} OR ${containsIn(Prisma.sql`"packSize"`)} OR ${containsIn(Prisma.sql`category`)}
      OFFSET 0) p
    WHERE "deletedAt" IS NULL AND ${inCategory}`;
}

/** The products whose name is spelt close to a term (tier 4), leaving out those of `direct`; fenced like `containing`. */
function spelledClose(terms: string[], inCategory: Prisma.Sql): Prisma.Sql {
  const nameSimilarity = (t: string) => Prisma.sql`word_similarity(${t}::text, "productName")`;
  const skeletonSimilarity = (t: string) => Prisma.sql`word_similarity(${skeleton(t)}, ${NAME_SKELETON})`;
  const longSkeleton = (t: string) => Prisma.sql`length(${skeleton(t)}) >= ${SEARCH_RULES.skeletonMinLength}::int`;
  const closeness = (t: string) => Prisma.sql`(${nameSimilarity(t)} + ${skeletonSimilarity(t)}) / 2`;
  return Prisma.sql`SELECT ${COLUMNS}, 4 AS tier, greatest(${Prisma.join(terms.map(closeness), ", ")})::float8 AS closeness
    FROM (SELECT * FROM "Product"
      WHERE ${anyOf(terms.map((t) => Prisma.sql`"productName" %> ${t}::text OR (${longSkeleton(t)} AND ${NAME_SKELETON} %> ${skeleton(t)})`))}
      OFFSET 0) p
    WHERE "deletedAt" IS NULL AND ${inCategory}
      AND "productId" NOT IN (SELECT "productId" FROM direct)
      AND ${anyOf(
        terms.map(
          (t) =>
            Prisma.sql`${nameSimilarity(t)} >= ${SEARCH_RULES.nameCloseness}::float8
              OR (${longSkeleton(t)} AND ${skeletonSimilarity(t)} >= ${SEARCH_RULES.skeletonCloseness}::float8 AND ${closeness(t)} >= ${SEARCH_RULES.closeness}::float8)`,
        ),
      )}`;
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
 * normalizeSearch). The statements' shape depends only on how many terms there are; every term is
 * a bound parameter. The close-spelling statement runs through `gate`.
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
      fuzzy AS (${spelledClose(fuzzy, inCategory)}),
      matched AS (SELECT * FROM direct UNION ALL SELECT * FROM fuzzy)`,
      order,
      page,
    ),
  );
}
