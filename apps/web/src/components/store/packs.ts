// Packs (issue 25): which of a product's packs a page shows, and the few facts of one pack the
// storefront prints. The unit prices come computed by the server (from the net quantity, never
// from the label's text); nothing here works them out again.
import { wholeNumber } from "../../lib/searchParams";
import type { RouterOutputs } from "../../lib/trpc";

/** A product as its page reads it: every spec field (the default pack's) and its packs. */
export type ProductWithPacks = RouterOutputs["products"]["byId"];
export type Pack = ProductWithPacks["variants"][number];

/** The largest id a pack can have (a Postgres int); anything else in the URL is no pack. */
const MAX_ID = 2_147_483_647;

/** ?pack=<variantId> of a product page or its checkout; left out or not valid = the default pack. */
export const packParam = (raw: unknown): number | undefined => wholeNumber(raw, 1, MAX_ID);

/** The packs a shopper can choose, in the owner's order. */
export const packsOnSale = (p: ProductWithPacks): Pack[] => p.variants.filter((v) => v.active).sort((a, b) => a.position - b.position);

/**
 * The pack a page shows: the one in the URL when the product sells it, else the product's default
 * (a shared link to a pack since withdrawn opens the product as it is now).
 */
export function chosenPack(p: ProductWithPacks, packId: number | undefined): Pack | undefined {
  const packs = packsOnSale(p);
  return packs.find((v) => v.variantId === packId) ?? packs.find((v) => v.variantId === p.defaultVariantId) ?? packs[0];
}

export { packName as withPack } from "@store/domain";
