import { useNavigate, useSearch } from "@tanstack/react-router";
import { stripSearchParams } from "@tanstack/react-router";
import { text, wholeNumber } from "../../lib/searchParams";

/** The URL is the state of every admin list: ?page=2&search=floor (bad values fall back to the defaults). */
/** Both optional in the URL (left out = page 1, no search), so links need not carry them. */
export interface ListSearch {
  page?: number;
  search?: string;
}
export const listSearchSchema = (search: Record<string, unknown>): ListSearch => ({
  page: wholeNumber(search.page, 1, 100_000),
  search: text(search.search, 100),
});

/** Route options shared by every list route: validated search params, defaults left out of the URL. */
export const listRouteSearch = {
  validateSearch: listSearchSchema,
  search: { middlewares: [stripSearchParams<ListSearch>({ page: 1, search: "" })] },
};

/** Reads and changes the current list's page and search. */
export function useListSearch() {
  const current: Partial<ListSearch> = useSearch({ strict: false });
  const navigate = useNavigate();
  const set = (next: Partial<ListSearch>) => void navigate({ to: ".", search: (prev) => ({ ...prev, ...next }) });
  return { page: current.page ?? 1, search: current.search ?? "", set };
}

/** A positive whole-number id from a route param, or null (then nothing is fetched). */
export function toId(raw: string | undefined): number | null {
  const n = Number(raw);
  return raw && /^\d+$/.test(raw) && Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * Route `params` option: the id param parsed to a number. A path whose id is not valid matches no
 * route: the not-found page, HTTP 404 (issue 18).
 */
export function idParams<K extends string>(key: K) {
  return {
    parse: (raw: Record<K, string>): Record<K, number | null> | false => {
      const id = toId(raw[key]);
      return id === null ? false : ({ [key]: id } as Record<K, number | null>);
    },
    stringify: (p: Record<K, number | null>) => ({ [key]: p[key] === null ? "" : String(p[key]) }) as Record<K, string>,
  };
}
