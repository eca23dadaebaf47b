import { describe, expect, it } from "vitest";
import { chosenPack, packParam, packsOnSale, withPack, type Pack, type ProductWithPacks } from "./packs";

const pack = (variantId: number, position: number, over: Partial<Pack> = {}): Pack => ({
  variantId,
  sku: `P1-${variantId}`,
  label: `${variantId * 500} ml`,
  netQuantity: variantId * 500,
  netUnit: "ml",
  mrp: 120,
  price: 99,
  stock: 10,
  inStock: true,
  hsnCode: "3402",
  gstRate: 18,
  weightGrams: 500,
  active: true,
  position,
  unitSalePrice: null,
  unitPrice: null,
  image: null,
  imageSmall: null,
  imageThumb: null,
  ...over,
});

/** Only the fields the pack rules read; the rest of a product does not matter to them. */
const product = (variants: Pack[], defaultVariantId: number | null) => ({ variants, defaultVariantId }) as unknown as ProductWithPacks;

describe("packs on the product page", () => {
  const packs = [pack(3, 2), pack(1, 0), pack(2, 1, { active: false })];
  const p = product(packs, 1);

  it("offers the active packs in the owner's order", () => {
    expect(packsOnSale(p).map((v) => v.variantId)).toEqual([1, 3]);
  });

  it("opens the pack of the address when the product sells it, else the default", () => {
    expect(chosenPack(p, 3)?.variantId).toBe(3);
    expect(chosenPack(p, undefined)?.variantId).toBe(1);
    // withdrawn, or another product's: the default
    expect(chosenPack(p, 2)?.variantId).toBe(1);
    expect(chosenPack(p, 99)?.variantId).toBe(1);
    // no default known: the first on sale
    expect(chosenPack(product(packs, null), undefined)?.variantId).toBe(1);
  });

  it("reads ?pack= as a pack id, anything else as none", () => {
    expect(packParam("42")).toBe(42);
    expect(packParam(42)).toBe(42);
    for (const bad of ["0", "-1", "1.5", "abc", "", undefined, "99999999999"]) expect(packParam(bad)).toBeUndefined();
  });

  it("names a line's pack beside its product", () => {
    expect(withPack("Floor Shine", "1 l")).toBe("Floor Shine – 1 l");
    expect(withPack("Floor Shine", "")).toBe("Floor Shine");
  });
});
