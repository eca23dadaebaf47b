import { useListSearch } from "./listSearch";

/** "Showing 21–40 of 45", page n of m, Previous/Next; the page lives in the URL. */
export function Pager({ total, page, pageSize }: { total: number; page: number; pageSize: number }) {
  const { set } = useListSearch();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="pager" aria-label="Pages">
      <p className="pager-info" aria-live="polite">
        Showing {from}–{to} of {total} · Page {page} of {pages}
      </p>
      <div className="pager-buttons">
        <button type="button" className="btn secondary small" disabled={page <= 1} onClick={() => set({ page: Math.min(page - 1, pages) })}>
          ‹ Previous
        </button>
        <button type="button" className="btn secondary small" disabled={page >= pages} onClick={() => set({ page: page + 1 })}>
          Next ›
        </button>
      </div>
    </nav>
  );
}
