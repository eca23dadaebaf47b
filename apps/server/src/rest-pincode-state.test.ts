// The PIN code fixes the state over HTTP (issue 27): a sign-up or profile save whose state is not the
// PIN code's is a 400 naming the state field; a PIN code the directory lacks is taken as written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerFields } from "@store/api/testing";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
beforeAll(async () => {
  env = await createHttpTestEnv();
  await env.handle.db.pincode.create({ data: { pincode: "411001", city: "Pune", district: "Pune", stateCode: "27", stateName: "Maharashtra" } });
});
afterAll(() => env.close());

let ip = 0;
const post = (url: string, payload: object, token?: string) =>
  env.app.inject({ method: "POST", url, payload, headers: token ? { authorization: `Bearer ${token}` } : {}, remoteAddress: `10.7.0.${++ip}` });
const MESSAGE = "PIN code 411001 is in Maharashtra";

describe("the PIN code's state over /api/v1", () => {
  it("POST /customers/save answers 400 with errors.state when the state is not the PIN code's", async () => {
    const res = await post("/api/v1/customers/save", customerFields({ pinCode: "411001", state: "Karnataka" }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, error: "Bad Request", message: MESSAGE, path: "/api/v1/customers/save", errors: { state: MESSAGE } });
  });

  it("takes the same state however it is written, and a PIN code the directory does not know", async () => {
    expect((await post("/api/v1/customers/save", customerFields({ pinCode: "411001", state: " maharashtra " }))).statusCode).toBe(200);
    expect((await post("/api/v1/customers/save", customerFields({ pinCode: "560001", state: "Maharashtra" }))).statusCode).toBe(200);
  });

  it("POST /customers/update/{customerId} refuses likewise, for the customer and the owner", async () => {
    const fields = customerFields();
    const saved = await post("/api/v1/customers/save", fields);
    expect(saved.statusCode, saved.body).toBe(200);
    const customerId = saved.json().customerId as number;
    const url = `/api/v1/customers/update/${customerId}`;
    for (const token of [await env.tokenFor(customerId), env.adminToken]) {
      const res = await post(url, { ...fields, state: "Karnataka" }, token);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: MESSAGE, path: url, errors: { state: MESSAGE } });
    }
    const ok = await post(url, { ...fields, firstName: "Ashwini" }, await env.tokenFor(customerId));
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
