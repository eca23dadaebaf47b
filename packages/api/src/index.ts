import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "./root.ts";

export { appRouter, type AppRouter } from "./root.ts";
export { createCallerFactory } from "./trpc.ts";
export { createContext, createInnerContext, type Context, type Services, type AuthUser } from "./context.ts";
export { createTokenService } from "./services/tokens.ts";
export { createLoginLimiter } from "./services/login-limiter.ts";
export { createSignupLimiter } from "./services/signup-limiter.ts";
export { databaseLimitStore, memoryLimitStore, type LimitStore } from "./services/limit-store.ts";
export { createProductEvents, type ProductEvents } from "./services/product-events.ts";
export { createProductCache, type ProductCache } from "./services/product-cache.ts";
export { hashPassword, HASH_PARAMS } from "./services/passwords.ts";
export { isCommonPassword } from "./domain/password-policy.ts";
export { renderProductImages, saveProductImages, IMAGE_SIZES } from "./services/images.ts";

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
