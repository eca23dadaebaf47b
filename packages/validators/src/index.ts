export * from "./common.ts";
export * from "./customers.ts";
export * from "./products.ts";
export * from "./orders.ts";
export * from "./settings.ts";
export * from "./payments.ts";
export * from "./password-reset.ts";
