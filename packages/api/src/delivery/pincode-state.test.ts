// The PIN code fixes the state (issue 27): sign-ups and profile saves whose state disagrees with the
// PIN code's are refused on the state field; unknown PIN codes and legacy customers keep working.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { createTestEnv, customerFields, type TestEnv } from "../testing.ts";
import { errorCodeOf, fieldErrors } from "../platform/errors.ts";
import { seedPincodeDirectory } from "./pincode-directory.ts";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  await seedPincodeDirectory(env.handle.db);
});
afterAll(() => env.close());

async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => {
      throw new Error("the call was not refused");
    },
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw error;
  return { code: error.code, storeCode: errorCodeOf(error), message: error.message, fields: error.cause instanceof ZodError ? fieldErrors(error.cause) : {} };
}

const PUNE_IN_KARNATAKA = { city: "Pune", pinCode: "411001", state: "Karnataka" };
const REFUSED = {
  code: "BAD_REQUEST",
  storeCode: "VALIDATION_FAILED",
  message: "PIN code 411001 is in Maharashtra",
  fields: { state: "PIN code 411001 is in Maharashtra" },
};

describe("sign-up", () => {
  it("refuses a state that is not the PIN code's, on the state field, and creates no account", async () => {
    const fields = customerFields(PUNE_IN_KARNATAKA);
    expect(await refusal(env.anonymous.customers.save(fields))).toEqual(REFUSED);
    expect(await env.handle.db.customer.count({ where: { email: fields.email } })).toBe(0);
  });

  it("refuses a state name that is no state at all when the PIN code is known", async () => {
    expect(await refusal(env.anonymous.customers.save(customerFields({ pinCode: "411001", state: "Pune" })))).toEqual(REFUSED);
  });

  it.each(["Maharashtra", "maharashtra", "Maharashtra ", "  MAHARASHTRA"])("accepts %j for 411001 (case and spaces do not matter)", async (state) => {
    await expect(env.anonymous.customers.save(customerFields({ pinCode: "411001", state }))).resolves.toMatchObject({ success: true });
  });

  it("accepts another name of the same state (Orissa for an Odisha PIN code)", async () => {
    const place = await env.handle.db.pincode.findFirstOrThrow({ where: { stateCode: "21" }, select: { pincode: true } });
    await expect(env.anonymous.customers.save(customerFields({ pinCode: place.pincode, state: "Orissa", city: "Bhubaneswar" }))).resolves.toMatchObject({
      success: true,
    });
  });

  it("accepts a PIN code the directory does not know, whatever the state (the directory may be incomplete)", async () => {
    expect(await env.handle.db.pincode.count({ where: { pincode: "799998" } })).toBe(0);
    await expect(env.anonymous.customers.save(customerFields({ pinCode: "799998", state: "Tripura" }))).resolves.toMatchObject({ success: true });
  });
});

describe("profile and back-office saves", () => {
  it("refuses a customer's profile save with a disagreeing state, and keeps the saved address", async () => {
    const { customerId, caller, fields } = await env.newCustomer();
    expect(await refusal(caller.customers.update({ ...fields, ...PUNE_IN_KARNATAKA, customerId }))).toEqual(REFUSED);
    const row = await env.handle.db.customer.findUniqueOrThrow({ where: { customerId } });
    expect(row).toMatchObject({ pinCode: "411001", state: "Maharashtra" });
  });

  it("refuses the owner's edit of a customer likewise, and lets a matching PIN code and state through", async () => {
    const { customerId, fields } = await env.newCustomer();
    expect(await refusal(env.admin.customers.update({ ...fields, ...PUNE_IN_KARNATAKA, customerId }))).toEqual(REFUSED);
    const saved = await env.admin.customers.update({ ...fields, city: "Bengaluru", pinCode: "560001", state: "karnataka", customerId });
    expect(saved.customer).toMatchObject({ pinCode: "560001", state: "karnataka" });
  });

  it("a legacy customer whose stored state disagrees still logs in and reads its profile; saving needs the state fixed", async () => {
    const { customerId, caller, fields } = await env.newCustomer();
    // written before the rule, straight into the table
    await env.handle.db.customer.update({ where: { customerId }, data: { state: "Karnataka" } });
    await expect(env.anonymous.auth.customerLogin({ number: fields.number, password: fields.password })).resolves.toMatchObject({ customerId });
    await expect(caller.customers.details({ customerId })).resolves.toMatchObject({ state: "Karnataka", pinCode: "411001" });

    // every save sends the address, so a change of name alone is refused until the state is fixed
    const stored = { ...fields, state: "Karnataka", customerId };
    expect(await refusal(caller.customers.update({ ...stored, firstName: "Ashwini" }))).toEqual(REFUSED);
    const fixed = await caller.customers.update({ ...stored, firstName: "Ashwini", state: "Maharashtra" });
    expect(fixed.customer).toMatchObject({ firstName: "Ashwini", state: "Maharashtra" });
  });
});
