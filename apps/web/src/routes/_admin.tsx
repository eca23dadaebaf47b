import { createFileRoute, redirect } from "@tanstack/react-router";
import { AdminLayout } from "../components/admin/AdminLayout";
import { adminSession, clearAdminSession } from "../lib/auth";
import { errorCode } from "../lib/trpc";

/** Every back-office screen: without a valid admin token, to /AdminLogin (and back here after login). */
export const Route = createFileRoute("/_admin")({
  beforeLoad: async ({ context, location, preload }) => {
    const toLogin = () => redirect({ to: "/AdminLogin", search: { redirect: location.href } });
    const session = adminSession();
    if (!session) throw toLogin();
    if (preload) return;
    try {
      // the token must still be accepted by the server (signature, admin still exists)
      await context.trpc.auth.adminMe.ensureData(undefined, { staleTime: 5 * 60_000 });
    } catch (error) {
      if (errorCode(error) === "UNAUTHORIZED") {
        clearAdminSession(session.token);
        throw toLogin();
      }
      // the server is unreachable: the screens show their own errors with a retry
    }
  },
  component: AdminLayout,
});
