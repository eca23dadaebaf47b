import { createFileRoute, redirect } from "@tanstack/react-router";

/** The old footer link contact-us.html (spec §2) leads to the page. */
export const Route = createFileRoute("/contact-us.html")({
  beforeLoad: () => {
    throw redirect({ to: "/contact-us", replace: true });
  },
});
