import { createLoginLimiter, createProductCache, createProductEvents, createTokenService, type Services } from "@store/api";

export function createServices(jwtSecret: string, loginMaxFailures = 10): Services {
  const productEvents = createProductEvents();
  return {
    tokens: createTokenService(jwtSecret),
    loginLimiter: createLoginLimiter({ failures: loginMaxFailures }),
    productEvents,
    productCache: createProductCache(productEvents),
  };
}
