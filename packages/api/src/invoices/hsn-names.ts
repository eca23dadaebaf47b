// What an HSN code is (issue 24): the GST summary's HSN table describes each row by its code, not by
// whichever product line came first. The owner names a code once (HsnName); a 4-digit name also
// describes the longer codes under that heading. Codes nobody named read as the Customs Tariff's
// heading when it is one a cleaning store sells under.
import type { Context } from "../context.ts";

/** Headings (first 4 digits) of the Customs Tariff that cleaning products fall under, in the tariff's words (shortened). */
const TARIFF_HEADINGS: Record<string, string> = {
  "2828": "Hypochlorites (bleaching powder), chlorites, hypobromites",
  "3307": "Room deodorisers and other perfumery or toilet preparations",
  "3401": "Soap; organic surface-active products for use as soap",
  "3402": "Organic surface-active agents; washing and cleaning preparations",
  "3405": "Polishes and creams; scouring pastes and powders",
  "3808": "Insecticides, disinfectants and similar products",
  "3924": "Household articles of plastics",
  "4015": "Gloves and other articles of vulcanised rubber",
  "4818": "Toilet paper, tissues, towels and similar paper articles",
  "6307": "Floor-cloths, dish-cloths, dusters and other made up textile articles",
  "7323": "Household articles of iron or steel; steel wool, pot scourers",
  "9603": "Brooms, brushes, mops and squeegees",
};

export type HsnDescriptionSource = "owner" | "tariff" | "none";

export interface HsnDescriber {
  describe(hsnCode: string): { description: string; descriptionSource: HsnDescriptionSource };
}

/** The owner's names, read once for one report. */
export async function hsnDescriber(db: Context["db"]): Promise<HsnDescriber> {
  const owned = new Map((await db.hsnName.findMany({ select: { hsnCode: true, description: true } })).map((n) => [n.hsnCode, n.description]));
  return {
    describe(hsnCode) {
      const heading = hsnCode.slice(0, 4);
      const own = owned.get(hsnCode) ?? owned.get(heading);
      if (own !== undefined) return { description: own, descriptionSource: "owner" };
      const tariff = TARIFF_HEADINGS[heading];
      if (tariff !== undefined) return { description: tariff, descriptionSource: "tariff" };
      return { description: `HSN ${hsnCode}`, descriptionSource: "none" };
    },
  };
}

export const hsnNames = (ctx: Pick<Context, "db">) =>
  ctx.db.hsnName.findMany({ orderBy: { hsnCode: "asc" }, select: { hsnCode: true, description: true, updatedAt: true } });

/** The owner names (or renames) an HSN code. */
export const nameHsn = (ctx: Pick<Context, "db">, input: { hsnCode: string; description: string }) =>
  ctx.db.hsnName.upsert({
    where: { hsnCode: input.hsnCode },
    create: input,
    update: { description: input.description },
    select: { hsnCode: true, description: true, updatedAt: true },
  });
