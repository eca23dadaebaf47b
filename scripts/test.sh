#!/usr/bin/env bash
# `npm test`: first the gate (typecheck, lint, format check: any error fails the run), then builds
# the web app (the HTTP suite checks its server-side rendering), then the procedure and HTTP suites
# (vitest), then the browser suite (Playwright). Every part always runs, so one failing does not
# hide the others' results; test-results/gate.json counts the gate's checks for the CI summary.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
gate_passed=0
gate_failed=0
for check in typecheck lint format:check; do
  if npm run --silent "$check"; then
    gate_passed=$((gate_passed + 1))
  else
    echo "npm run $check failed"
    gate_failed=$((gate_failed + 1))
  fi
done
echo "{\"passed\": $gate_passed, \"failed\": $gate_failed}" >test-results/gate.json
npm run build >/dev/null || { echo "npm run build failed"; exit 1; }
npx vitest run
unit=$?
npx playwright test
e2e=$?
exit $(((gate_failed > 0) | unit | e2e))
