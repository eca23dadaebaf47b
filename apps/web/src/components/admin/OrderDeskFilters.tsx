import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ORDER_TABS, useOrderDeskSearch } from "./orderDeskSearch";
import { CodToConfirmTab } from "./messaging/CodToConfirmTab";

/** Unfulfilled · To ship · Unpaid · Awaiting verification · Returns · Cancelled · All, each a link keeping the dates and search. */
export function OrderDeskTabs() {
  const { input } = useOrderDeskSearch();
  return (
    <nav className="desk-tabs" aria-label="Order filters">
      <ul>
        {ORDER_TABS.map((t) => {
          const active = input.status === t.status && input.payment === t.payment && !input.codConfirmation;
          return (
            <li key={t.label}>
              <Link
                to="/orders"
                search={(prev) => ({ ...prev, status: t.status, payment: t.payment, codConfirmation: undefined, page: 1 })}
                // the router's own "active" marks a link whose search is a part of the URL's ("All": every tab)
                activeProps={{}}
                activeOptions={{ exact: true }}
                className={active ? "active" : undefined}
                aria-current={active ? "page" : undefined}
              >
                {t.label}
              </Link>
            </li>
          );
        })}
        <li>
          <CodToConfirmTab active={input.codConfirmation === "Pending"} />
        </li>
      </ul>
    </nav>
  );
}

/** Placed from … to … (IST days, both included); the range lives in the URL. */
export function OrderDateRange() {
  const { input, set } = useOrderDeskSearch();
  const [from, setFrom] = useState(input.from ?? "");
  const [to, setTo] = useState(input.to ?? "");
  const [shown, setShown] = useState(`${input.from ?? ""}|${input.to ?? ""}`);
  const inUrl = `${input.from ?? ""}|${input.to ?? ""}`;
  if (shown !== inUrl) {
    // the URL changed (back button, Clear): show its range
    setShown(inUrl);
    setFrom(input.from ?? "");
    setTo(input.to ?? "");
  }
  const bad = from && to && from > to;
  return (
    <form
      className="date-range"
      aria-label="Date range"
      onSubmit={(e) => {
        e.preventDefault();
        if (!bad) set({ from: from || undefined, to: to || undefined, page: 1 });
      }}
    >
      <label>
        Placed from <input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label>
        to <input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
      </label>
      <button type="submit" className="btn secondary small" disabled={Boolean(bad)}>
        Apply
      </button>
      {(input.from || input.to) && (
        <button type="button" className="btn secondary small" onClick={() => set({ from: undefined, to: undefined, page: 1 })}>
          All dates
        </button>
      )}
    </form>
  );
}
