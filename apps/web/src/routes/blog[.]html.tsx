import { createFileRoute, redirect } from "@tanstack/react-router";

/** The old footer link blog.html (spec §2) leads to the page. */
export const Route = createFileRoute("/blog.html")({
  beforeLoad: () => {
    throw redirect({ to: "/blog", replace: true });
  },
});
