// HTTP tests of the address book (issue 29, contracts/guest-and-addresses.md) over the real Fastify app:
// /api/v1/customers/me/addresses and its statuses (201, 400 TOO_MANY_ADDRESSES, 404 for another
// customer's, 403 for an admin), the legacy profile save editing the default, and a checkout to an address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
  await env.handle.db.pincode.createMany({
    data: [
      { pincode: "411001", city: "Pune", district: "Pune", stateCode: "27", stateName: "Maharashtra" },
      { pincode: "560001", city: "Bengaluru", district: "Bengaluru", stateCode: "29", stateName: "Karnataka" },
    ],
  });
});
afterAll(() => env.close());

const BASE = "/api/v1/customers/me/addresses";
const BENGALURU = {
  label: "Work",
  name: "Ravi Kumar",
  phone: "9123456780",
  houseNo: "22",
  areaAddress: "MG Road",
  city: "Bengaluru",
  pinCode: "560001",
  state: "Karnataka",
};
const call = (method: "GET" | "POST" | "DELETE", url: string, token: string, payload?: object) =>
  env.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

async function customer() {
  const c = await env.newCustomer();
  return { ...c, token: await env.tokenFor(c.customerId) };
}

describe("/api/v1/customers/me/addresses", () => {
  it("lists, adds (201), changes, moves the default and deletes, the default always first", async () => {
    const c = await customer();
    const first = await call("GET", BASE, c.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([expect.objectContaining({ label: "Home", city: "Pune", stateCode: "27", isDefault: true, gstin: null, landmark: null })]);
    const home = first.json()[0];

    const added = await call("POST", BASE, c.token, BENGALURU);
    expect(added.statusCode).toBe(201);
    const work = added.json();
    expect(work).toEqual({ ...BENGALURU, addressId: expect.any(Number), landmark: null, stateCode: "29", gstin: null, isDefault: false });

    const changed = await call("POST", `${BASE}/${work.addressId}`, c.token, { landmark: "Opposite the metro" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ landmark: "Opposite the metro", city: "Bengaluru", houseNo: "22" });

    const moved = await call("POST", `${BASE}/${work.addressId}/default`, c.token);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ addressId: work.addressId, isDefault: true });
    expect((await call("GET", BASE, c.token)).json().map((a: { addressId: number; isDefault: boolean }) => [a.addressId, a.isDefault])).toEqual([
      [work.addressId, true],
      [home.addressId, false],
    ]);
    // legacy clients read the profile: it has the default's address
    expect((await call("GET", `/api/v1/customers/details/${c.customerId}`, c.token)).json()).toMatchObject({ city: "Bengaluru", pinCode: "560001" });

    const deleted = await call("DELETE", `${BASE}/${work.addressId}`, c.token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: "Address deleted." });
    expect((await call("GET", BASE, c.token)).json()).toEqual([expect.objectContaining({ addressId: home.addressId, isDefault: true })]);
  });

  it("refuses bad fields as field errors, a state not the PIN code's on the state field, and an 11th address with TOO_MANY_ADDRESSES", async () => {
    const c = await customer();
    const bad = await call("POST", BASE, c.token, { ...BENGALURU, phone: "1234567890", label: "Office", gstin: "29AAPFU0939F1ZZ" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["gstin", "label", "phone"]);
    const elsewhere = await call("POST", BASE, c.token, { ...BENGALURU, state: "Maharashtra" });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ message: "PIN code 560001 is in Karnataka", errors: { state: "PIN code 560001 is in Karnataka" } });
    for (let i = 0; i < 9; i++) expect((await call("POST", BASE, c.token, { ...BENGALURU, houseNo: `${i}` })).statusCode).toBe(201);
    const full = await call("POST", BASE, c.token, BENGALURU);
    expect(full.statusCode).toBe(400);
    expect(full.json()).toMatchObject({ status: 400, code: "TOO_MANY_ADDRESSES", path: BASE });
  });

  it("answers another customer's address as missing (404), an admin 403, no token 401", async () => {
    const a = await customer();
    const b = await customer();
    const theirs = (await call("POST", BASE, a.token, BENGALURU)).json();
    for (const [method, url] of [
      ["POST", `${BASE}/${theirs.addressId}`],
      ["DELETE", `${BASE}/${theirs.addressId}`],
      ["POST", `${BASE}/${theirs.addressId}/default`],
    ] as const) {
      const res = await call(method, url, b.token, method === "POST" ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: "NOT_FOUND", message: `Address ${theirs.addressId} was not found.` });
    }
    expect((await call("GET", BASE, a.token)).json()).toHaveLength(2);
    expect((await call("GET", BASE, env.adminToken)).statusCode).toBe(403);
    expect((await env.app.inject({ method: "GET", url: BASE })).statusCode).toBe(401);
  });
});

describe("the legacy profile save and the checkout", () => {
  it("POST /customers/update/{customerId} edits the default address", async () => {
    const c = await customer();
    const { password: _p, agreeToTerms: _a, ...fields } = c.fields;
    const saved = await call("POST", `/api/v1/customers/update/${c.customerId}`, c.token, { ...fields, houseNo: "7C", areaAddress: "FC Road" });
    expect(saved.statusCode).toBe(200);
    expect((await call("GET", BASE, c.token)).json()).toEqual([expect.objectContaining({ houseNo: "7C", areaAddress: "FC Road", isDefault: true })]);
  });

  it("POST /addToCart/checkout with addressId sends the order there; someone else's addressId is 404", async () => {
    const c = await customer();
    const work = (await call("POST", BASE, c.token, { ...BENGALURU, gstin: "27AAPFU0939F1ZV" })).json();
    const productId = await env.newProduct({ productName: "Zz Address Gel" });
    expect((await call("POST", "/api/v1/addToCart/save", c.token, { productId })).statusCode).toBe(200);
    const other = await customer();
    expect((await call("POST", "/api/v1/addToCart/save", other.token, { productId })).statusCode).toBe(200);
    const notMine = await call("POST", "/api/v1/addToCart/checkout", other.token, { addressId: work.addressId });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ code: "NOT_FOUND", message: `Address ${work.addressId} was not found.` });
    const placed = await call("POST", "/api/v1/addToCart/checkout", c.token, { paymentMethod: "COD", addressId: work.addressId });
    expect(placed.statusCode).toBe(200);
    const order = await env.handle.db.order.findUniqueOrThrow({ where: { productOrderId: placed.json().productOrderId } });
    expect(order).toMatchObject({
      addressId: work.addressId,
      state: "Karnataka",
      pinCode: "560001",
      customerName: "Ravi Kumar",
      buyerGstin: "27AAPFU0939F1ZV",
    });
    const quote = await call("GET", `/api/v1/cart/quote?paymentMethod=COD&addressId=${work.addressId}`, c.token);
    expect(quote.statusCode).toBe(200);
    expect(quote.json().delivery).toMatchObject({ pincode: "560001" });
  });
});
