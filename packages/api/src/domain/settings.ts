// Store settings kept as key/value rows.
import { ORDER_LIMIT_DEFAULTS, type settingsUpdateSchema } from "@store/validators";
import type { z } from "zod";
import type { Db } from "@store/db";
import type { Context } from "../context.ts";

export interface Settings {
  defaultDeliveryCharge: number | "Free";
  maxOpenUnpaidOrders: number;
  maxOrdersPerHour: number;
}

const DEFAULTS: Record<keyof Settings, string> = {
  defaultDeliveryCharge: "Free",
  maxOpenUnpaidOrders: String(ORDER_LIMIT_DEFAULTS.maxOpenUnpaidOrders),
  maxOrdersPerHour: String(ORDER_LIMIT_DEFAULTS.maxOrdersPerHour),
};
const KEYS = Object.keys(DEFAULTS) as (keyof Settings)[];

export async function loadSettings(db: Pick<Db, "storeSetting">): Promise<Settings> {
  const rows = await db.storeSetting.findMany({ where: { key: { in: KEYS } } });
  const value = (key: keyof Settings) => rows.find((r) => r.key === key)?.value ?? DEFAULTS[key];
  const delivery = value("defaultDeliveryCharge");
  return {
    defaultDeliveryCharge: delivery === "Free" ? "Free" : Number(delivery),
    maxOpenUnpaidOrders: Number(value("maxOpenUnpaidOrders")),
    maxOrdersPerHour: Number(value("maxOrdersPerHour")),
  };
}

export const readSettings = (ctx: Context) => loadSettings(ctx.db);

export async function saveSettings(ctx: Context, input: z.infer<typeof settingsUpdateSchema>) {
  const changes = KEYS.flatMap((key) => (input[key] === undefined ? [] : [{ key, value: String(input[key]) }]));
  await ctx.db.$transaction(changes.map(({ key, value }) => ctx.db.storeSetting.upsert({ where: { key }, create: { key, value }, update: { value } })));
  return { success: true, message: "Settings saved.", ...(await loadSettings(ctx.db)) };
}
