import { useId, useState } from "react";
import { useListSearch } from "./listSearch";

/** Server-side search of a list: submits into the URL (?search=…), back to page 1. */
export function SearchBox({ placeholder = "Search" }: { placeholder?: string }) {
  const { search, set } = useListSearch();
  const id = useId();
  const [text, setText] = useState(search);
  const [prev, setPrev] = useState(search);
  if (prev !== search) {
    // the URL changed (back button, clear): show what is searched
    setPrev(search);
    setText(search);
  }
  return (
    <form
      role="search"
      className="admin-search"
      onSubmit={(e) => {
        e.preventDefault();
        set({ search: text.trim(), page: 1 });
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {placeholder}
      </label>
      <input id={id} type="search" value={text} maxLength={100} placeholder="Search…" title={placeholder} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="btn">
        Search
      </button>
      {search && (
        <button type="button" className="btn secondary" onClick={() => set({ search: "", page: 1 })}>
          Clear
        </button>
      )}
    </form>
  );
}
