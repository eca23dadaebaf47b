import { describe, expect, it } from "vitest";
import { createTestEnv, customerFields } from "../testing.ts";
import { isCommonPassword } from "./password-policy.ts";

describe("password policy (issue 13 item 11)", () => {
  it("knows the common passwords of at least 10 characters, whatever their case, and not a good one", () => {
    for (const p of ["1234567890", "qwertyuiop", "Password123", "iloveyou12"]) expect(isCommonPassword(p), p).toBe(true);
    expect(isCommonPassword("Tulsi-Bhawan-Phenyl-42")).toBe(false);
  });

  it("sign-up, the admin's password change and a customer's new password refuse a common one with a 400 that says why", async () => {
    const env = await createTestEnv();
    try {
      const message = "This password is one of the most common ones and easy to guess. Please choose another.";
      await expect(env.anonymous.customers.save({ ...customerFields(), password: "qwertyuiop" })).rejects.toMatchObject({ code: "BAD_REQUEST", message });
      await expect(env.admin.auth.adminChangePassword({ currentPassword: "Admin@Test123", newPassword: "1234567890" })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message,
      });
      const { customerId, caller, fields } = await env.newCustomer();
      await expect(caller.customers.update({ ...fields, customerId, password: "Password123", currentPassword: fields.password })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message,
      });
      await expect(env.anonymous.customers.save({ ...customerFields(), password: "short" })).rejects.toMatchObject({
        message: "Password must be at least 10 characters",
      });
    } finally {
      await env.close();
    }
  });
});
