// The back-office session ended by a refused token only while that token is still the stored one
// (a late answer about an older token must not end a session begun meanwhile).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminSession, clearAdminSession, saveAdminSession } from "./auth";

const unsignedToken = (role: string) => {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ sub: "1", role, exp: Math.floor(Date.now() / 1000) + 3600, n: Math.random() })}.signature`;
};

beforeEach(() => {
  const items = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, "localStorage");
});

describe("clearAdminSession", () => {
  it("ends the session of the refused token, and not a newer one stored meanwhile", () => {
    const old = unsignedToken("admin");
    const fresh = unsignedToken("admin");
    saveAdminSession(old);
    saveAdminSession(fresh);
    clearAdminSession(old);
    expect(adminSession()?.token).toBe(fresh);
    clearAdminSession(fresh);
    expect(adminSession()).toBeNull();
  });

  it("without a token named, ends whatever session is stored (logout)", () => {
    saveAdminSession(unsignedToken("admin"));
    clearAdminSession();
    expect(adminSession()).toBeNull();
  });
});
