import { createFileRoute, Outlet } from "@tanstack/react-router";
import { requireCustomer } from "../components/store/session";

/** Pathless guard of the customer's own screens (cart, orders, tracker, checkout, profile). */
export const Route = createFileRoute("/_customer")({
  beforeLoad: requireCustomer,
  component: Outlet,
});
