#!/usr/bin/env bash
# `npm test`: the procedure and HTTP suites (vitest), then the browser suite (Playwright).
# Both always run, so one failing does not hide the other's results.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
npx vitest run
unit=$?
npm run build >/dev/null && npx playwright test
e2e=$?
exit $((unit | e2e))
