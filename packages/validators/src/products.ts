import { z } from "zod";
import { GST_RATES } from "@store/domain";
import { MAX_SHELF_PAGE, PRODUCT_CATEGORIES } from "./constants.ts";
import { optionalText, pageInput, requiredText, rupees, wholeNumber } from "./common.ts";

export { PRODUCT_CATEGORIES };

/** 'Free' (any case) or a charge in rupees. */
export const deliveryChargeSchema = z.preprocess(
  (v) => {
    if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return undefined;
    if (typeof v === "string" && v.trim().toLowerCase() === "free") return "Free";
    if (typeof v === "string") return Number(v);
    return v;
  },
  z.union([z.literal("Free"), z.number().finite().min(0, "Delivery charge cannot be negative").max(10_000, "Delivery charge must be at most ₹10,000")], {
    error: "Delivery is required: 'Free' or a charge in rupees",
  }),
);

/** A field that may be left out, a blank cell ("") counting as left out (zod's optional() alone lets "" through to the field). */
export const optionalCell = <T extends z.ZodTypeAny>(field: T): z.ZodOptional<T> =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), field.optional()) as unknown as z.ZodOptional<T>;

/** An HSN code on the GST invoice (issue 15): 4 to 8 digits. A blank cell counts as left out. */
export const hsnCodeField = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z
    .string({ error: "HSN code is required" })
    .trim()
    .regex(/^\d{4,8}$/, "HSN code must be 4 to 8 digits"),
);

/** A GST rate in per cent: one of the store's allowed rates (GST_RATES). A blank cell counts as left out. */
export const gstRateSchema = z.preprocess(
  (v) => (v === "" || v === undefined ? undefined : Number(v)),
  z
    .number({ error: "GST rate is required" })
    .refine((r) => (GST_RATES as readonly number[]).includes(r), `GST rate must be one of ${GST_RATES.join(", ")} per cent`),
);

/** data:image/...;base64,... — the spec's way of sending productImg. Decoded and checked on the server. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const imageDataUrl = z
  .string()
  .max(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 100, "Image must be at most 5 MB")
  .regex(/^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=\s]+$/i, "Image must be an image file");

const productFields = {
  productName: requiredText("Product Name", 120),
  productPrice: rupees("Price", { min: 1 }),
  mainPrice: rupees("Main Price", { min: 1 }),
  offer: optionalText("Offer", 60),
  packSize: requiredText("Pack Size", 40),
  productInfo: requiredText("Details", 2000),
  deliveryCharge: deliveryChargeSchema,
  quantity: wholeNumber("Quantity", { min: 0, max: 1_000_000 }),
  category: z.preprocess((v) => (v === "" ? undefined : v), z.enum(PRODUCT_CATEGORIES).optional()),
  productImg: z.preprocess((v) => (v === "" ? undefined : v), imageDataUrl.optional()),
  productImgName: optionalText("Image name", 200),
  /** GST (issue 15); left out: the Settings defaults */
  hsnCode: optionalCell(hsnCodeField),
  gstRate: optionalCell(gstRateSchema),
  countryOfOrigin: optionalText("Country of origin", 60),
  manufacturer: optionalText("Manufacturer", 200),
};

/** Add product (docs/store-spec.md §5): name, price, quantity, pack size, details, main price, delivery required. */
export const productCreateSchema = z.object(productFields);
export type ProductCreate = z.infer<typeof productCreateSchema>;

/** Product update: only the name is required; what is left out keeps its value. */
export const productUpdateSchema = z.object({
  ...productFields,
  productPrice: productFields.productPrice.optional(),
  mainPrice: productFields.mainPrice.optional(),
  // a blank offer clears it (there may be no offer any more); left out, it stays as it is
  offer: z.string().trim().max(60, "Offer must be at most 60 characters").optional(),
  packSize: optionalText("Pack Size", 40),
  productInfo: optionalText("Details", 2000),
  deliveryCharge: productFields.deliveryCharge.optional(),
  quantity: productFields.quantity.optional(),
});
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export const productListInput = z.object({
  search: z.string().trim().max(100, "Search is at most 100 characters").optional(),
  category: z.enum(PRODUCT_CATEGORIES).optional(),
  /** left out: a search's best matches first (relevance), a list without a search newest first (issue 18) */
  sort: z.enum(["relevance", "newest", "priceAsc", "priceDesc", "name"]).optional(),
});

/** A page of a storefront product grid: the list's filters plus the page number. */
export const productShelfInput = productListInput.extend({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page starts at 1")
    .max(MAX_SHELF_PAGE, `page is at most ${MAX_SHELF_PAGE}`)
    .default(1),
});

/**
 * The admin's product list (GET /products/page): the list's search, and `needs=netQuantity` for the
 * products with a pack whose net quantity is not known or whose MRP the packs migration raised to its
 * price (issue 25), for the owner to fill in.
 */
export const productPageInput = pageInput.extend({
  needs: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["netQuantity"], { error: "needs must be netQuantity" }).optional()),
});
