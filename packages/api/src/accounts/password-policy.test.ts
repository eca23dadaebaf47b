import { describe, expect, it } from "vitest";
import { createTestEnv, customerFields } from "../testing.ts";
import { isCommonPassword, weakPasswordReason } from "./password-policy.ts";

describe("password policy (issue 13 item 11)", () => {
  it("knows the common passwords of at least 10 characters, whatever their case, and not a good one", () => {
    for (const p of ["1234567890", "qwertyuiop", "Password123", "iloveyou12"]) expect(isCommonPassword(p), p).toBe(true);
    expect(isCommonPassword("Tulsi-Bhawan-Phenyl-42")).toBe(false);
  });

  it("refuses repeated characters, plain runs, a common password with digits or symbols added, and the store's name (issue 22)", () => {
    for (const p of ["aaaaaaaaaa", "ababababab", "abcdefghij"]) expect(weakPasswordReason(p), p).toMatch(/repeats a few characters or follows a simple run/);
    for (const p of ["Password1!", "Password@123", "P@ssw0rd123", "Password2026", "monkey12345"])
      expect(weakPasswordReason(p), p).toMatch(/common one with a few digits or symbols/);
    for (const p of ["Clean Store", "cleanstore123", "CleanStore@2026", "my-clean-store-1"]) expect(weakPasswordReason(p), p).toMatch(/store's name/);
    expect(weakPasswordReason("TulsiTraders#2026", ["Clean Store", "Tulsi Traders"])).toMatch(/store's name/);
    // a common word with enough added stays allowed, as do pass phrases, and the store's name inside a longer phrase
    for (const p of ["Secret@123", "Tulsi-Bhawan-Phenyl-42", "Lemon-Scented-Floor-2026", "Brand@New123", "cleanstore-kitchen-mop"])
      expect(weakPasswordReason(p), p).toBeNull();
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

  it("every way to a new password answers 400 PASSWORD_TOO_WEAK for these, the store's payee name from Settings included", async () => {
    const env = await createTestEnv();
    try {
      const weak = (message: RegExp) => ({
        code: "BAD_REQUEST",
        message: expect.stringMatching(message),
        cause: expect.objectContaining({ code: "PASSWORD_TOO_WEAK" }),
      });
      await expect(env.anonymous.customers.save({ ...customerFields(), password: "aaaaaaaaaa" })).rejects.toMatchObject(weak(/repeats/));
      await expect(env.anonymous.customers.save({ ...customerFields(), password: "Password1!" })).rejects.toMatchObject(weak(/digits or symbols/));
      await expect(env.anonymous.customers.save({ ...customerFields(), password: "cleanstore123" })).rejects.toMatchObject(weak(/store's name/));
      await env.admin.settings.update({ upiPayeeName: "Tulsi Traders" });
      await expect(env.anonymous.customers.save({ ...customerFields(), password: "TulsiTraders#2026" })).rejects.toMatchObject(weak(/store's name/));
      await expect(env.admin.auth.adminChangePassword({ currentPassword: "Admin@Test123", newPassword: "Clean Store" })).rejects.toMatchObject(
        weak(/store's name/),
      );
      const { customerId, caller, fields } = await env.newCustomer();
      await expect(caller.customers.update({ ...fields, customerId, password: "Password1!", currentPassword: fields.password })).rejects.toMatchObject(
        weak(/digits or symbols/),
      );
    } finally {
      await env.close();
    }
  });
});
