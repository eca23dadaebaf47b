// The audit trail (issue 17): every write the back office can make — each mutation the access
// matrix lets the owner or staff call — leaves exactly one entry naming who did it, over REST and
// tRPC alike; the entries show the changed fields before and after and never a password hash.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_SUBJECTS, NOT_AUDITED } from "@store/api";
import { createSecurityEnv, leaks, listProcedures, restRequest, trpcRequest, type SecurityEnv } from "./fixtures.ts";
import { MATRIX, type Case } from "./matrix.ts";

let env: SecurityEnv;
beforeAll(async () => {
  env = await createSecurityEnv();
}, 120_000);
afterAll(() => env?.close());

const writes = listProcedures().filter((p) => p.type === "mutation" && !NOT_AUDITED.has(p.name));
const entriesOf = (action: string) => env.handle.db.auditEntry.findMany({ where: { action }, orderBy: { auditId: "asc" } });

describe("every back-office write kind is audited", () => {
  it("each write has a subject (what it is about), and each subject a write", () => {
    const names = writes.map((p) => p.name);
    const backOffice = names.filter((n) => MATRIX[n]!.rule.admin === "ok" || MATRIX[n]!.rule.staff === "ok");
    expect(backOffice.filter((n) => !(n in AUDIT_SUBJECTS))).toEqual([]);
    expect(Object.keys(AUDIT_SUBJECTS).filter((n) => !names.includes(n))).toEqual([]);
  });

  describe.each(writes.map((p) => [p.name, p] as const))("%s", (name, procedure) => {
    it("one entry per successful call by the owner or staff, none by anyone else", async () => {
      const rule = MATRIX[name]!.rule;
      const db = env.handle.db;
      for (const role of ["admin", "staff", "owner"] as const) {
        for (const transport of ["rest", "trpc"] as const) {
          const c: Case = { env, role, target: env.owner, self: env.owner };
          const input = await MATRIX[name]!.input(c);
          const req = transport === "rest" ? restRequest(procedure.openapi!, input, env.tokens[role]) : trpcRequest(procedure, input, env.tokens[role]);
          const before = (await entriesOf(name)).length;
          const res = await env.inject(req);
          const after = await entriesOf(name);
          const label = `${role} via ${transport} -> ${res.statusCode}`;
          if (role === "owner") {
            // a customer's own write is not back-office work
            expect(after.length, label).toBe(before);
            continue;
          }
          const ok = transport === "rest" ? (MATRIX[name]!.success ?? 200) : 200;
          expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(rule[role] === "ok" ? ok : rule[role]);
          expect(after.length, label).toBe(before + (rule[role] === "ok" ? 1 : 0));
          if (rule[role] !== "ok") continue;
          const entry = after.at(-1)!;
          const staffId = (await db.admin.findUniqueOrThrow({ where: { email: "staff@security-suite.test" } })).adminId;
          expect(entry).toMatchObject({
            adminId: role === "admin" ? env.adminId : staffId,
            actorRole: role === "admin" ? "owner" : "staff",
            entity: AUDIT_SUBJECTS[name]!.entity,
          });
          expect(leaks(JSON.stringify(entry)), label).toBeNull();
        }
      }
    });
  });
});

describe("what an entry shows", () => {
  it("the changed fields before and after, only those; a password only as changed; readable by the owner over REST", async () => {
    const productId = await env.makeProduct({ productName: "Audit Cleaner", productPrice: 99 });
    const update = await env.app.inject({
      method: "POST",
      url: `/api/v1/products/update/${productId}`,
      headers: { authorization: `Bearer ${env.tokens.staff}`, "content-type": "application/json" },
      payload: JSON.stringify({ productName: "Audit Cleaner Pro", productPrice: 120 }),
    });
    expect(update.statusCode, update.body).toBe(200);
    const customer = await env.makeCustomer();
    const { password: _p, agreeToTerms: _a, ...fields } = customer.fields;
    const edit = await env.app.inject({
      method: "POST",
      url: `/api/v1/customers/update/${customer.customerId}`,
      headers: { authorization: `Bearer ${env.adminToken}`, "content-type": "application/json" },
      payload: JSON.stringify({ ...fields, city: "Nashik", password: "Brand-New-Password-2026" }),
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const audit = await env.app.inject({
      method: "GET",
      url: `/api/v1/audit?entity=product&entityId=${productId}`,
      headers: { authorization: `Bearer ${env.adminToken}` },
    });
    expect(audit.statusCode).toBe(200);
    const [entry] = audit.json().items;
    expect(entry).toMatchObject({ action: "products.update", actorName: "Suite Staff", actorRole: "staff", entityId: String(productId) });
    expect(entry.changes).toEqual({ productName: ["Audit Cleaner", "Audit Cleaner Pro"], productPrice: [99, 120] });
    expect(entry.summary).toBe(`Suite Staff changed the product ${productId}`);

    const customerAudit = await env.app.inject({
      method: "GET",
      url: `/api/v1/audit?entity=customer&entityId=${customer.customerId}`,
      headers: { authorization: `Bearer ${env.adminToken}` },
    });
    const [customerEntry] = customerAudit.json().items;
    expect(customerEntry.changes).toEqual({ city: [customer.fields.city, "Nashik"], password: ["(changed)", "(changed)"] });
    expect(leaks(customerAudit.body)).toBeNull();

    const forbidden = await env.app.inject({ method: "GET", url: "/api/v1/audit", headers: { authorization: `Bearer ${env.tokens.staff}` } });
    expect(forbidden.statusCode).toBe(403);
  });
});
