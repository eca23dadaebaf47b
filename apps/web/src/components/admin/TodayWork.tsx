// "Today's work" (issue 24): what waits for the shop, each count a link to the list where it is done.
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { QueryState } from "../QueryState";
import { trpc, type RouterOutputs } from "../../lib/trpc";
import { TrustTodo } from "./trust/TrustTodo";

type Todo = RouterOutputs["reports"]["todo"];

/** "3 orders to ship": the count in bold, the words in the singular or plural. */
function Count({ n, one, many, rest }: { n: number; one: string; many: string; rest: string }) {
  return (
    <>
      <strong>{n.toLocaleString("en-IN")}</strong> {n === 1 ? one : many} {rest}
    </>
  );
}

function Item({ id, count, children }: { id: string; count: number; children: ReactNode }) {
  return (
    <li className={count > 0 ? "todo waiting" : "todo"} data-todo={id} data-count={count}>
      {children}
    </li>
  );
}

export function TodayWork() {
  const query = trpc.reports.todo.useQuery(undefined, { refetchOnMount: "always" });
  return (
    <section className="card today-work" aria-labelledby="todo-title">
      <h2 id="todo-title">Today&apos;s work</h2>
      <QueryState query={query}>{(todo) => <TodoList todo={todo} />}</QueryState>
    </section>
  );
}

function TodoList({ todo }: { todo: Todo }) {
  return (
    <ul className="todo-list">
      <Item id="payments" count={todo.paymentsToVerify}>
        <Link to="/orders" search={{ payment: "awaiting-verification" }}>
          <Count n={todo.paymentsToVerify} one="UPI payment" many="UPI payments" rest="to verify" />
        </Link>
      </Item>
      <Item id="returns" count={todo.returnsToDecide}>
        <Link to="/orders" search={{ status: "returns" }}>
          <Count n={todo.returnsToDecide} one="return" many="returns" rest="to decide" />
        </Link>
      </Item>
      <Item id="ship" count={todo.ordersToShip}>
        <Link to="/orders" search={{ status: "to-ship" }}>
          <Count n={todo.ordersToShip} one="order" many="orders" rest="to ship" />
        </Link>
      </Item>
      <Item id="low-stock" count={todo.lowStock}>
        <Link to="/product-management">
          <Count n={todo.lowStock} one="product" many="products" rest={`low on stock (${todo.lowStockThreshold} or fewer)`} />
        </Link>
      </Item>
      <Item id="failed" count={todo.failedMessages}>
        <Link to="/emails" search={{ status: "failed" }}>
          <Count n={todo.failedMessages} one="message" many="messages" rest="failed" />
        </Link>
      </Item>
      <TrustTodo />
    </ul>
  );
}
