import { createFileRoute, redirect } from "@tanstack/react-router";

/** The old footer link about-us.html (spec §2) leads to the page. */
export const Route = createFileRoute("/about-us.html")({
  beforeLoad: () => {
    throw redirect({ to: "/about-us", replace: true });
  },
});
