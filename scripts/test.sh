#!/usr/bin/env bash
# `npm test`: builds the web app (the HTTP suite checks its server-side rendering), then the
# procedure and HTTP suites (vitest), then the browser suite (Playwright).
# Both suites always run, so one failing does not hide the other's results.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
npm run build >/dev/null || { echo "npm run build failed"; exit 1; }
npx vitest run
unit=$?
npx playwright test
e2e=$?
exit $((unit | e2e))
