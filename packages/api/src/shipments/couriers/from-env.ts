// Which couriers this server can book with, from its environment (README "Configuration"): Shiprocket
// when SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD are set (its API at SHIPROCKET_API_BASE, a local
// stand-in in tests); the courier webhook needs SHIPROCKET_WEBHOOK_TOKEN. `manual` always works.
import type { CourierSettings } from "../../context.ts";
import { createShiprocketCourier } from "./shiprocket/adapter.ts";

export function couriersFromEnv(env: Record<string, string | undefined>): CourierSettings {
  const email = env.SHIPROCKET_EMAIL?.trim();
  const password = env.SHIPROCKET_PASSWORD?.trim();
  const webhookToken = env.SHIPROCKET_WEBHOOK_TOKEN?.trim() || null;
  const shiprocket =
    email && password
      ? createShiprocketCourier({
          email,
          password,
          apiBase: env.SHIPROCKET_API_BASE?.trim() || undefined,
          pickupLocation: env.SHIPROCKET_PICKUP_LOCATION?.trim() || undefined,
        })
      : null;
  return { shiprocket, webhookToken };
}
