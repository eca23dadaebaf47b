// URL search params of the storefront routes (the URL is the state of every list).
import { MAX_LINE_QUANTITY } from "@store/domain";
import { MAX_SHELF_PAGE, PRODUCT_CATEGORIES } from "@store/validators/constants";
import { localPath, oneOf, text, wholeNumber } from "../../lib/searchParams";
import { packParam } from "./packs";

export const SORTS = ["newest", "priceAsc", "priceDesc", "name"] as const;
export type HomeSort = (typeof SORTS)[number];
/** the search page's orders: a search's best matches first ("relevance", its default) or a grid order */
export const SEARCH_SORTS = ["relevance", ...SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** ?page=n of a product grid; left out or not valid = 1 */
const shelfPage = (raw: unknown) => {
  const page = wholeNumber(raw, 1, MAX_SHELF_PAGE);
  return page === 1 ? undefined : page;
};

export const homeSearch = (search: Record<string, unknown>): { sort?: HomeSort; page?: number } => ({
  sort: oneOf(SORTS, search.sort),
  page: shelfPage(search.page),
});

export const productSearch = (
  search: Record<string, unknown>,
): { q?: string; category?: (typeof PRODUCT_CATEGORIES)[number]; sort?: SearchSort; page?: number } => ({
  q: text(search.q, 100),
  category: oneOf(PRODUCT_CATEGORIES, search.category),
  sort: oneOf(SEARCH_SORTS, search.sort),
  page: shelfPage(search.page),
});

/** the category link of a product or a category tile: a category the search page knows, else none */
export const categorySearch = (category: string) => ({ category: oneOf(PRODUCT_CATEGORIES, category) });

export const loginSearch = (search: Record<string, unknown>): { redirect?: string } => ({ redirect: localPath(search.redirect) });

/** ?quantity=n (spec §9); left out or not valid = 1. ?pack=<variantId> (issue 25); left out or not valid = the default pack */
export const checkoutSearch = (search: Record<string, unknown>): { quantity?: number; pack?: number } => ({
  quantity: wholeNumber(search.quantity, 1, MAX_LINE_QUANTITY),
  pack: packParam(search.pack),
});

/** ?pack=<variantId> of a product page (issue 25): the pack it opens; left out or not valid = the default pack */
export const productPageSearch = (search: Record<string, unknown>): { pack?: number } => ({ pack: packParam(search.pack) });
