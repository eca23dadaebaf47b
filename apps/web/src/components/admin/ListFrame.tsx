import type { ReactNode } from "react";
import { QueryState } from "../QueryState";
import { Pager } from "./Pager";
import { SearchBox } from "./SearchBox";

interface PageData<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Title, search box, loading/error/empty states, the table and the pager of an admin list. */
export function ListFrame<T>({
  title,
  intro,
  actions,
  searchLabel,
  query,
  empty,
  ownWrapper = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  searchLabel: string;
  query: { isPending: boolean; isError: boolean; isFetching?: boolean; error: unknown; data: PageData<T> | undefined; refetch: () => unknown };
  empty: string;
  /** the table brings its own scrolling wrapper and tools (DataTable) */
  ownWrapper?: boolean;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <section className="admin-page" aria-labelledby="page-title">
      <title>{`${title} | Clean Store Admin`}</title>
      <div className="admin-head">
        <h1 id="page-title">{title}</h1>
        {actions}
      </div>
      {intro}
      <SearchBox placeholder={searchLabel} />
      <QueryState query={query}>
        {(data) => (
          <div aria-busy={query.isFetching ? true : undefined}>
            {data.items.length === 0 ? (
              <p className="empty">{empty}</p>
            ) : ownWrapper ? (
              children(data.items)
            ) : (
              <div className="table-wrap">{children(data.items)}</div>
            )}
            {(data.items.length > 0 || data.total > 0) && <Pager total={data.total} page={data.page} pageSize={data.pageSize} />}
          </div>
        )}
      </QueryState>
    </section>
  );
}
