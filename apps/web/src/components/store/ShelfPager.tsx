import { Link } from "@tanstack/react-router";

/**
 * Previous / next pages of a storefront product grid, as plain links (?page=n#products): they
 * work on the server-rendered page before the app has loaded, and without JavaScript.
 */
export function ShelfPager({ page, total, pageSize }: { page: number; total: number; pageSize: number }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  const to = (n: number) => ({
    to: "." as const,
    search: (prev: Record<string, unknown>) => ({ ...prev, page: n === 1 ? undefined : n }),
    hash: "products",
  });
  return (
    <nav className="pager shelf-pager" aria-label="Product pages">
      {page > 1 ? (
        <Link {...to(page - 1)} className="btn secondary small" rel="prev">
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link {...to(page + 1)} className="btn secondary small" rel="next">
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
