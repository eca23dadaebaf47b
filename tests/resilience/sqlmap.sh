#!/usr/bin/env bash
# Runs Debian's sqlmap (apt-get install sqlmap) against the store's login, search and list
# endpoints. Usage: tests/resilience/sqlmap.sh BASE_URL ADMIN_TOKEN CUSTOMER_PHONE CUSTOMER_PASSWORD [OUT_DIR]
# Prints one line per target: "<target>: not injectable" or "<target>: INJECTABLE"; exit 1 if any
# target is injectable or sqlmap could not test it. Level/risk: SQLMAP_LEVEL (2), SQLMAP_RISK (2).
set -u
BASE="$1"; TOKEN="$2"; PHONE="$3"; PASSWORD="$4"; OUT="${5:-test-results/sqlmap}"
LEVEL="${SQLMAP_LEVEL:-2}"; RISK="${SQLMAP_RISK:-2}"
command -v sqlmap >/dev/null || { echo "sqlmap is not installed (apt-get install -y sqlmap)"; exit 2; }
mkdir -p "$OUT"
fail=0
run() { # name, sqlmap args...
  local name="$1"; shift
  local log="$OUT/$name.log"
  sqlmap "$@" --batch --disable-coloring --flush-session --output-dir="$OUT/session" --level="$LEVEL" --risk="$RISK" \
    --dbms=PostgreSQL --threads=2 --timeout=20 --retries=1 --time-sec=3 >"$log" 2>&1
  if grep -qiE "identified the following injection point|is vulnerable|parameter '.*' is '.*' injectable" "$log"; then
    echo "$name: INJECTABLE (see $log)"; fail=1
  elif grep -qiE "do not appear to be injectable|does not seem to be injectable" "$log"; then
    echo "$name: not injectable ($(grep -ciE 'testing ' "$log") tests)"
  else
    echo "$name: INCONCLUSIVE (see $log)"; tail -5 "$log"; fail=1
  fi
}
AUTH="Authorization: Bearer $TOKEN"
run customer-login -u "$BASE/api/v1/customers/login" --method=POST --data="{\"number\":\"$PHONE\",\"password\":\"$PASSWORD\"}" -H "Content-Type: application/json" --ignore-code=401
run admin-login -u "$BASE/api/v1/admin/login" --method=POST --data='{"email":"nobody@example.in","password":"wrong-password"}' -H "Content-Type: application/json" --ignore-code=401
run product-search -u "$BASE/api/v1/products/details?search=Cleaner&sort=name"
run product-by-id -u "$BASE/api/v1/products/details/1*"
run customers-page -u "$BASE/api/v1/customers/page?page=1&search=Shopper" -H "$AUTH"
run orders-page -u "$BASE/api/v1/productOrder/page?page=1&search=ORD&view=all" -H "$AUTH"
run cart-page -u "$BASE/api/v1/addToCart/page?page=1&search=Cleaner" -H "$AUTH"
run trpc-product-search -u "$BASE/api/trpc/products.list?input=%7B%22json%22%3A%7B%22search%22%3A%22Cleaner*%22%7D%7D"
exit $fail
