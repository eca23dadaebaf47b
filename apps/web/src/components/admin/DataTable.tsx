import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type SortingState, type TableOptions } from "@tanstack/react-table";
import { useState, type CSSProperties, type HTMLAttributes } from "react";
import { ColumnPicker } from "./ColumnPicker";
import { useRememberedColumns } from "./useRememberedColumns";

const ariaSort = (s: false | "asc" | "desc") => (s === "asc" ? "ascending" : s === "desc" ? "descending" : undefined);
const ARROW: Record<string, string> = { asc: " ▲", desc: " ▼" };

/** `data-*` attributes a row carries (the e2e specs and the screens find rows by them). */
export type RowData = Record<`data-${string}`, string | number>;

/**
 * A back-office list (issue 24): TanStack Table with sortable headers (within the page; the server
 * pages the lists), a "Columns" picker whose choice this browser remembers per screen
 * (localStorage `admin-columns:<screen>`), and action columns kept in view at the right edge of the
 * scrolling wrapper (`sticky`: column ids, the right-most last; at most two).
 */
export function DataTable<T>({
  screen,
  caption,
  data,
  columns,
  getRowId,
  rowData,
  cellClass = {},
  sticky = [],
  lastStickyWidth = 64,
}: {
  screen: string;
  caption: string;
  data: T[];
  columns: TableOptions<T>["columns"];
  getRowId: (row: T) => string;
  rowData?: (row: T) => RowData;
  cellClass?: Partial<Record<string, string>>;
  sticky?: string[];
  /** with two sticky columns: the right-most one's width in px (the other sits that far from the edge) */
  lastStickyWidth?: number;
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnVisibility, setColumnVisibility] = useRememberedColumns(screen);
  // the app is not built with React Compiler, so nothing memoizes the table instance (TanStack Table v8)
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    state: { sorting, columnVisibility },
    onSortingChange: setSorting,
    onColumnVisibilityChange: setColumnVisibility,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId,
  });
  const stickyClass = (id: string) => {
    const fromRight = sticky.length - 1 - sticky.indexOf(id);
    if (fromRight < 0 || fromRight >= sticky.length) return undefined;
    return fromRight === 0 ? "sticky-action" : "sticky-action sticky-action-2";
  };
  const classOf = (id: string) => [cellClass[id], stickyClass(id)].filter(Boolean).join(" ") || undefined;
  return (
    <>
      <div className="table-tools">
        <ColumnPicker table={table} />
      </div>
      <div className="table-wrap">
        <table
          className={`data data-table${sticky.length > 1 ? " two-sticky" : ""}`}
          style={sticky.length > 1 ? ({ "--sticky-last": `${lastStickyWidth}px` } as CSSProperties) : undefined}
        >
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((g) => (
              <tr key={g.id}>
                {g.headers.map((h) => (
                  <th
                    key={h.id}
                    scope="col"
                    className={stickyClass(h.column.id)}
                    aria-sort={h.column.getCanSort() ? ariaSort(h.column.getIsSorted()) : undefined}
                  >
                    {h.column.getCanSort() ? (
                      <button type="button" className="sort-btn" onClick={h.column.getToggleSortingHandler()}>
                        {flexRender(h.column.columnDef.header, h.getContext())}
                        <span aria-hidden="true">{ARROW[h.column.getIsSorted() || ""] ?? ""}</span>
                      </button>
                    ) : (
                      flexRender(h.column.columnDef.header, h.getContext())
                    )}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} {...(rowData?.(row.original) as HTMLAttributes<HTMLTableRowElement> | undefined)}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={classOf(cell.column.id)}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
