import { createFileRoute, redirect } from "@tanstack/react-router";

/** /term-use is another name of the Terms of Use page. */
export const Route = createFileRoute("/term-use/")({
  beforeLoad: () => {
    throw redirect({ to: "/termUse", replace: true });
  },
});
