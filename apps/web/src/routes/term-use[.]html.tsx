import { createFileRoute, redirect } from "@tanstack/react-router";

/** The old footer link term-use.html (spec §2) leads to the Terms of Use. */
export const Route = createFileRoute("/term-use.html")({
  beforeLoad: () => {
    throw redirect({ to: "/termUse", replace: true });
  },
});
