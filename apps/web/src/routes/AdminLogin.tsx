import { createFileRoute, redirect } from "@tanstack/react-router";
import { localPath, safeAdminRedirect } from "../lib/searchParams";
import { adminSession } from "../lib/auth";
import { AdminLoginScreen } from "../components/admin/AdminLoginScreen";

export const Route = createFileRoute("/AdminLogin")({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({ redirect: localPath(search.redirect) }),
  beforeLoad: ({ search }) => {
    if (adminSession()) throw redirect({ href: safeAdminRedirect(search.redirect) ?? "/Admindashboard" });
  },
  component: AdminLoginScreen,
});
