// "Today's work" (issue 31): overdue complaints and reviews waiting, from the lists' totals.
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { trpc } from "../../../lib/trpc";

function Todo({ id, n, children }: { id: string; n: number; children: ReactNode }) {
  return (
    <li className={n > 0 ? "todo waiting" : "todo"} data-todo={id} data-count={n}>
      {children}
    </li>
  );
}

export function TrustTodo() {
  const overdue = trpc.grievances.list.useQuery({ page: 1, search: "", overdue: true }, { refetchOnMount: "always" });
  const waiting = trpc.reviews.list.useQuery({ page: 1, status: "Pending" }, { refetchOnMount: "always" });
  return (
    <>
      {overdue.data && (
        <Todo id="complaints" n={overdue.data.total}>
          <Link to="/grievances" search={{ overdue: true }}>
            <strong>{overdue.data.total.toLocaleString("en-IN")}</strong> {overdue.data.total === 1 ? "complaint" : "complaints"} overdue
          </Link>
        </Todo>
      )}
      {waiting.data && (
        <Todo id="reviews" n={waiting.data.total}>
          <Link to="/reviews" search={{ status: "Pending" }}>
            <strong>{waiting.data.total.toLocaleString("en-IN")}</strong> {waiting.data.total === 1 ? "review" : "reviews"} waiting
          </Link>
        </Todo>
      )}
    </>
  );
}
