import { createLoginLimiter, createProductCache, createProductEvents, createSignupLimiter, createTokenService, type Services } from "@store/api";

export function createServices(jwtSecret: string, loginMaxFailures = 10, signupsPerHour = 20): Services {
  const productEvents = createProductEvents();
  return {
    tokens: createTokenService(jwtSecret),
    loginLimiter: createLoginLimiter({ failures: loginMaxFailures }),
    signupLimiter: createSignupLimiter({ perHour: signupsPerHour }),
    productEvents,
    productCache: createProductCache(productEvents),
  };
}
