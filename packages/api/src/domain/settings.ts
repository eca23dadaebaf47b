// Store settings kept as key/value rows.
import type { Context } from "../context.ts";

const DEFAULT_DELIVERY_KEY = "defaultDeliveryCharge";

export async function readSettings(ctx: Context): Promise<{ defaultDeliveryCharge: number | "Free" }> {
  const row = await ctx.db.storeSetting.findUnique({ where: { key: DEFAULT_DELIVERY_KEY } });
  const value = row?.value ?? "Free";
  return { defaultDeliveryCharge: value === "Free" ? "Free" : Number(value) };
}

export async function saveSettings(ctx: Context, input: { defaultDeliveryCharge: number | "Free" }) {
  const value = String(input.defaultDeliveryCharge);
  await ctx.db.storeSetting.upsert({ where: { key: DEFAULT_DELIVERY_KEY }, create: { key: DEFAULT_DELIVERY_KEY, value }, update: { value } });
  return { success: true, message: "Settings saved.", defaultDeliveryCharge: input.defaultDeliveryCharge };
}
