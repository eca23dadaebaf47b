// THE access table of issue 6: for every procedure of the router, what each role gets, and a
// valid input to try it with (built fresh per call where the call uses a record up). Used by the
// access matrix (asserted), the fuzzers (as the valid base they mutate) and the abuse suite.
import type { ProcedurePath } from "./procedures.ts";
import { PASSWORD, TEST_ADMIN, productFields, type Customer, type Role, type SecurityEnv } from "./fixtures.ts";

export type Expect = "ok" | 401 | 403 | 404;
export type Rule = Record<Role, Expect>;

export const PUBLIC: Rule = { anonymous: "ok", owner: "ok", other: "ok", admin: "ok", inactive: "ok", forged: "ok", expired: "ok" };
export const ADMIN: Rule = { anonymous: 401, owner: 403, other: 403, admin: "ok", inactive: 403, forged: 401, expired: 401 };
/** a customer's own record, or an admin */
export const OWNER_OR_ADMIN: Rule = { anonymous: 401, owner: "ok", other: 403, admin: "ok", inactive: 403, forged: 401, expired: 401 };
/** a customer's own record, or an admin; another customer's is answered as missing (issue 13) */
export const OWNER_OR_ADMIN_HIDDEN: Rule = { ...OWNER_OR_ADMIN, other: 404 };
/** only the customer who owns the record (an admin is not a shopper) */
export const OWNER: Rule = { anonymous: 401, owner: "ok", other: 403, admin: 403, inactive: 403, forged: 401, expired: 401 };
/** anyone signed in: an active customer or an admin */
export const SIGNED_IN: Rule = { anonymous: 401, owner: "ok", other: "ok", admin: "ok", inactive: 403, forged: 401, expired: 401 };
/** any active customer, acting on its own records */
export const CUSTOMER: Rule = { anonymous: 401, owner: "ok", other: "ok", admin: 403, inactive: 403, forged: 401, expired: 401 };

export interface Case {
  env: SecurityEnv;
  role: Role;
  /** the customer whose records are aimed at: the owner, or for the inactive role itself */
  target: Customer;
  /** the calling customer (owner for non-customer roles) */
  self: Customer;
}
export type Input = Record<string, unknown> | undefined;
export interface Entry {
  rule: Rule;
  input: (c: Case) => Input | Promise<Input>;
}

const none = () => undefined;
const completedOrder = (c: Case) => c.env.makeOrder(c.target.customerId, { orderStatus: "Completed", paymentStatus: "Paid", endDate: new Date() });

// ---------------------------------------------------------------- THE TABLE
// typed with every procedure: a procedure without an entry (or an entry without one) does not compile
export const MATRIX: Record<ProcedurePath, Entry> & Partial<Record<string, Entry>> = {
  "auth.customerLogin": { rule: PUBLIC, input: (c) => ({ number: c.env.owner.number, password: PASSWORD }) },
  "auth.adminLogin": { rule: PUBLIC, input: () => ({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }) },
  "auth.adminMe": { rule: ADMIN, input: none },
  "auth.adminChangePassword": { rule: ADMIN, input: () => ({ currentPassword: TEST_ADMIN.password, newPassword: TEST_ADMIN.password }) },
  "auth.logoutAll": { rule: SIGNED_IN, input: none },

  "customers.save": { rule: PUBLIC, input: (c) => c.env.signUpFields() },
  "customers.details": { rule: OWNER_OR_ADMIN, input: (c) => ({ customerId: c.target.customerId }) },
  "customers.list": { rule: ADMIN, input: none },
  "customers.page": { rule: ADMIN, input: () => ({ page: 1, search: "" }) },
  "customers.update": {
    rule: OWNER_OR_ADMIN,
    input: (c) => {
      const { password: _p, agreeToTerms: _a, ...fields } = c.target.fields;
      return { ...fields, customerId: c.target.customerId };
    },
  },
  "customers.setStatus": { rule: ADMIN, input: async (c) => ({ customerId: (await c.env.makeCustomer()).customerId, customerStatus: false }) },
  "customers.delete": { rule: ADMIN, input: async (c) => ({ customerId: (await c.env.makeCustomer()).customerId }) },
  "customers.deleteLegacy": { rule: ADMIN, input: async (c) => ({ id: (await c.env.makeCustomer()).customerId }) },

  "products.list": { rule: PUBLIC, input: () => ({ search: "Probe" }) },
  "products.shelf": { rule: PUBLIC, input: () => ({ search: "Probe", page: 1 }) },
  "products.categories": { rule: PUBLIC, input: none },
  "products.trending": { rule: PUBLIC, input: none },
  "products.byId": { rule: PUBLIC, input: (c) => ({ productId: c.env.productId }) },
  "products.page": { rule: ADMIN, input: () => ({ page: 1, search: "Probe" }) },
  "products.save": { rule: ADMIN, input: () => productFields({ productName: "Matrix Cleaner" }) },
  "products.update": { rule: ADMIN, input: async (c) => ({ productId: await c.env.makeProduct(), productName: "Renamed Cleaner" }) },
  "products.delete": { rule: ADMIN, input: async (c) => ({ productId: await c.env.makeProduct() }) },
  "products.remove": { rule: ADMIN, input: async (c) => ({ productId: await c.env.makeProduct() }) },

  "cart.save": { rule: OWNER, input: async (c) => ({ productId: await c.env.makeProduct(), quantity: 1, customerId: c.target.customerId }) },
  "cart.update": { rule: OWNER_OR_ADMIN, input: async (c) => ({ addToCartId: await c.env.makeCartLine(c.target.customerId), quantity: 2 }) },
  "cart.updatePost": { rule: OWNER_OR_ADMIN, input: async (c) => ({ addToCartId: await c.env.makeCartLine(c.target.customerId), quantity: 2 }) },
  "cart.list": { rule: ADMIN, input: none },
  "cart.page": { rule: ADMIN, input: () => ({ page: 1, search: "" }) },
  "cart.byId": { rule: OWNER_OR_ADMIN, input: async (c) => ({ addToCartId: await c.env.makeCartLine(c.target.customerId) }) },
  "cart.byCustomer": { rule: OWNER_OR_ADMIN, input: (c) => ({ customerId: c.target.customerId }) },
  "cart.delete": { rule: OWNER_OR_ADMIN, input: async (c) => ({ addToCartId: await c.env.makeCartLine(c.target.customerId) }) },
  "cart.remove": { rule: OWNER_OR_ADMIN, input: async (c) => ({ addToCartId: await c.env.makeCartLine(c.target.customerId) }) },
  "cart.checkout": {
    rule: CUSTOMER,
    input: async (c) => {
      await c.env.makeCartLine(c.self.customerId);
      return {};
    },
  },

  "orders.save": { rule: OWNER, input: (c) => ({ productId: c.env.productId, quantity: 1, customerId: c.target.customerId }) },
  "orders.list": { rule: ADMIN, input: none },
  "orders.page": { rule: ADMIN, input: () => ({ page: 1, search: "", view: "shipping" }) },
  "orders.byId": { rule: OWNER_OR_ADMIN_HIDDEN, input: async (c) => ({ orderId: await c.env.makeOrder(c.target.customerId) }) },
  "orders.byCustomer": { rule: OWNER_OR_ADMIN, input: (c) => ({ customerId: c.target.customerId }) },
  "orders.orderProducts": { rule: OWNER_OR_ADMIN, input: (c) => ({ customerId: c.target.customerId }) },
  "orders.update": { rule: ADMIN, input: async (c) => ({ orderId: await c.env.makeOrder(c.target.customerId), orderStatus: "On the way" }) },
  "orders.updateStatus": { rule: ADMIN, input: async (c) => ({ orderId: await c.env.makeOrder(c.target.customerId), orderStatus: "Cancelled" }) },
  "orders.requestReturn": { rule: { ...OWNER, other: 404 }, input: async (c) => ({ orderId: await completedOrder(c), reason: "Damaged product" }) },
  "orders.decideReturn": {
    rule: ADMIN,
    input: async (c) => ({
      orderId: await c.env.makeOrder(c.target.customerId, { orderStatus: "Completed", endDate: new Date(), returnStatus: "Requested" }),
      returnStatus: "Approved",
    }),
  },

  "stats.customerCount": { rule: ADMIN, input: none },
  "stats.productCount": { rule: ADMIN, input: none },
  "stats.orderCount": { rule: ADMIN, input: none },
  "stats.completedCount": { rule: ADMIN, input: none },
  "stats.pendingCount": { rule: ADMIN, input: none },
  "stats.cartCount": { rule: ADMIN, input: none },
  "stats.dashboard": { rule: ADMIN, input: none },

  "settings.get": { rule: ADMIN, input: none },
  "settings.update": { rule: ADMIN, input: () => ({ defaultDeliveryCharge: "Free" }) },
};
// ---------------------------------------------------------------- END OF TABLE
