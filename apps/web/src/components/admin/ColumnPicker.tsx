import type { Table } from "@tanstack/react-table";

/** "Columns" menu: a checkbox per column that may be hidden. */
export function ColumnPicker<T>({ table }: { table: Table<T> }) {
  return (
    <details className="column-picker">
      <summary className="btn secondary small">Columns</summary>
      <fieldset>
        <legend className="visually-hidden">Columns shown</legend>
        {table
          .getAllLeafColumns()
          .filter((c) => c.getCanHide())
          .map((c) => (
            <label key={c.id}>
              <input type="checkbox" checked={c.getIsVisible()} onChange={c.getToggleVisibilityHandler()} />{" "}
              {typeof c.columnDef.header === "string" ? c.columnDef.header : c.id}
            </label>
          ))}
      </fieldset>
    </details>
  );
}
