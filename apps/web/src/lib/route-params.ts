// Ids in a route's path (issue 18): a path whose id is blank, not a whole number or out of range
// matches no route, so it is a page that does not exist (the not-found page, HTTP 404), never a
// screen for a record that cannot exist.

const MAX_ID = 2_147_483_647;

/**
 * `params.parse` of the storefront's routes with ids: the params unchanged (strings) when each is
 * a whole number, else `false` (the route does not match). A customerId may be 0: the app's own
 * links use it for "the logged-in customer" (/myCart/0, /checkOut/0/{productId}), which the guard
 * replaces with the real id; every other id is at least 1.
 */
export function pathIds<T extends Record<string, string>>(params: T): T | false {
  for (const [name, value] of Object.entries(params)) {
    if (!/^\d{1,10}$/.test(value)) return false;
    const n = Number(value);
    if (n > MAX_ID || (n === 0 && name !== "customerId")) return false;
  }
  return params;
}
