import { describe, expect, it } from "vitest";
import { changedFields } from "./audit-diff.ts";

describe("changedFields", () => {
  it("lists only the fields that differ, as [before, after]", () => {
    expect(changedFields({ name: "Mop", price: 10, stock: 5 }, { name: "Mop", price: 12, stock: 5 })).toEqual({ price: [10, 12] });
  });
  it("a new record shows every field from null, a removed one every field to null", () => {
    expect(changedFields(null, { name: "Mop" })).toEqual({ name: [null, "Mop"] });
    expect(changedFields({ name: "Mop" }, null)).toEqual({ name: ["Mop", null] });
  });
  it("dates compare by instant and are shown as ISO text", () => {
    const at = new Date("2026-11-25T10:00:00Z");
    expect(changedFields({ at }, { at: new Date(at) })).toEqual({});
    expect(changedFields({ at: null }, { at })).toEqual({ at: [null, "2026-11-25T10:00:00.000Z"] });
  });
  it("never shows a password hash, only that it changed", () => {
    const changes = changedFields({ password: "$argon2id$old" }, { password: "$argon2id$new" });
    expect(changes).toEqual({ password: ["(changed)", "(changed)"] });
    expect(JSON.stringify(changes)).not.toContain("argon2");
  });
});
