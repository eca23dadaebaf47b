// A product's packs (issue 25, contracts/packs.md): each its own SKU, label, net quantity, price,
// MRP, stock and tax. One schema for the create and, all optional, for the partial update; the
// price is checked against the MRP here when both are sent, else by the use case against the
// stored one.
import { z } from "zod";
import { NET_UNITS } from "@store/domain";
import { gstRateSchema, hsnCodeField, imageDataUrl, optionalCell } from "./products.ts";
import { requiredText, rupees } from "./common.ts";

export { NET_UNITS };
/** a product has at most this many packs (active or not) */
export const MAX_VARIANTS = 20;
export const PRICE_ABOVE_MRP = "Price cannot be above the MRP";

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const numberOf = (v: unknown) => (typeof v === "string" ? Number(v) : v);
const numeric = (label: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
});
const wholeCount = (label: string, min: number, max: number, below: string) =>
  z.preprocess(
    (v) => numberOf(blank(v)),
    z
      .number(numeric(label))
      .int(`${label} must be a whole number`)
      .min(min, below)
      .max(max, `${label} must be at most ${max.toLocaleString("en-IN")}`),
  );
const yes = new Set(["true", "1", "yes", "y"]);
const no = new Set(["false", "0", "no", "n"]);
/** true/false, also as form or CSV text ("true", "no", "1") */
const flag = (label: string) =>
  z.preprocess(
    (v) => {
      if (typeof v !== "string") return v;
      const t = v.trim().toLowerCase();
      return yes.has(t) ? true : no.has(t) ? false : t === "" ? undefined : v;
    },
    z.boolean({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be true or false`) }),
  );

export const variantFields = {
  sku: z.preprocess(
    blank,
    z
      .string({ error: "SKU is required" })
      .trim()
      .toUpperCase()
      .max(40, "SKU must be at most 40 characters")
      .regex(/^[A-Z0-9-]+$/, "SKU may contain only letters, digits and hyphens"),
  ),
  label: requiredText("Pack label", 40),
  netQuantity: z.preprocess(
    (v) => numberOf(blank(v)),
    z
      .number(numeric("Net quantity"))
      .refine((n) => Number.isFinite(n), "Net quantity must be a number")
      .gt(0, "Net quantity must be more than 0")
      .max(1_000_000, "Net quantity must be at most 10,00,000")
      .refine((n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, "Net quantity can have at most 3 decimals"),
  ),
  netUnit: z.preprocess(
    (v) => (typeof v === "string" ? blank(v.trim().toLowerCase()) : v),
    z.enum(NET_UNITS, {
      error: (issue) => (issue.input === undefined ? "Net unit is required" : `Net unit must be one of ${NET_UNITS.join(", ")}`),
    }),
  ),
  mrp: rupees("MRP", { min: 0.01 }),
  price: rupees("Price", { min: 0.01 }),
  stock: wholeCount("Stock", 0, 1_000_000, "Stock cannot be negative"),
  hsnCode: hsnCodeField,
  gstRate: gstRateSchema,
  weightGrams: wholeCount("Weight", 1, 50_000, "Weight must be at least 1 gram"),
  active: flag("Active"),
  position: wholeCount("Position", 0, 1_000, "Position cannot be negative"),
};

/** price ≤ MRP, when both are known */
export const priceWithinMrp = (v: { price?: number; mrp?: number }, ctx: z.RefinementCtx) => {
  if (v.price !== undefined && v.mrp !== undefined && v.price > v.mrp) ctx.addIssue({ code: "custom", path: ["price"], message: PRICE_ABOVE_MRP });
};

/**
 * A new pack. Left out: HSN code and GST rate are the product's (its default pack's), the weight is
 * estimated from the net quantity, `active` is true and `position` comes after the last pack.
 */
export const variantCreateFields = {
  ...variantFields,
  hsnCode: optionalCell(variantFields.hsnCode),
  gstRate: optionalCell(variantFields.gstRate),
  weightGrams: optionalCell(variantFields.weightGrams),
  active: optionalCell(variantFields.active),
  position: optionalCell(variantFields.position),
};
export const variantCreateSchema = z.object(variantCreateFields).superRefine(priceWithinMrp);
export type VariantCreate = z.infer<typeof variantCreateSchema>;

/** A partial update: what is left out keeps its value. */
export const variantUpdateFields = {
  sku: optionalCell(variantFields.sku),
  label: optionalCell(variantFields.label),
  netQuantity: optionalCell(variantFields.netQuantity),
  netUnit: optionalCell(variantFields.netUnit),
  mrp: optionalCell(variantFields.mrp),
  price: optionalCell(variantFields.price),
  stock: optionalCell(variantFields.stock),
  hsnCode: optionalCell(variantFields.hsnCode),
  gstRate: optionalCell(variantFields.gstRate),
  weightGrams: optionalCell(variantFields.weightGrams),
  active: optionalCell(variantFields.active),
  position: optionalCell(variantFields.position),
};
export const variantUpdateSchema = z.object(variantUpdateFields).superRefine(priceWithinMrp);
export type VariantUpdate = z.infer<typeof variantUpdateSchema>;

/**
 * A pack's own photo (issue 25: the pack chooser switches the image too), sent with a pack's create or
 * update as the product form sends its image: a data URL. `removeImage: true` goes back to the
 * product's image. Not a CSV column: the import never carries images.
 */
export const variantImageFields = {
  image: optionalCell(imageDataUrl),
  removeImage: optionalCell(flag("Remove image")),
};
export const PACK_IMAGE_AND_REMOVE = "Send a new image or remove the image, not both";
/** a new image and its removal in one request contradict each other */
export const imageOrRemoval = (v: { image?: string; removeImage?: boolean }, ctx: z.RefinementCtx) => {
  if (v.image !== undefined && v.removeImage === true) ctx.addIssue({ code: "custom", path: ["removeImage"], message: PACK_IMAGE_AND_REMOVE });
};
export type VariantImageInput = { image?: string; removeImage?: boolean };
