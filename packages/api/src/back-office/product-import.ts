// Loading a catalogue from a spreadsheet (issue 17): every row is checked with the product form's
// schemas; a dry run answers what would be created and updated and each row's errors; applying is
// all or nothing, in one transaction.
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { parse, type Info } from "csv-parse";
import type { Prisma } from "@store/db";
import { toPaise } from "@store/domain";
import { checkImportRecord, headerProblem, MAX_IMPORT_ROWS, MAX_VARIANTS, PRICE_ABOVE_MRP, type ImportRow, type ImportRowError } from "@store/validators";
import type { Context } from "../context.ts";
import { ImportRejected, StoreError } from "../platform/errors.ts";
import { changedProductData, live, newProductData } from "../catalogue/products.ts";
import { loadSettings, type Settings } from "./settings.ts";
import { firstVariantData, newVariantData, updateDefaultVariant } from "../catalogue/product-variants.ts";
import { syncProductsFromVariants } from "../catalogue/variant-sync.ts";
import { isSkuTaken } from "../catalogue/variants.ts";

const badFile = (message: string) => new StoreError(400, "IMPORT_FILE_INVALID", message);

/**
 * Reading and checking a 3,000-row file took 1.4 s of the event loop (issue 22), in which the server
 * answered no one. The work now gives the loop a turn whenever it has held it this long; the file
 * is parsed from pieces of this many characters, so no single step holds it long either.
 */
const TURN_MS = 10;
const PIECE_CHARS = 16 * 1024;
/** products created by one statement */
const CREATE_BATCH = 25;

/** A function to call between steps of long work: it yields to the event loop once TURN_MS have gone by. */
function turns(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < TURN_MS) return;
    await nextTurn();
    since = performance.now();
  };
}

function* piecesOf(text: string) {
  for (let at = 0; at < text.length; at += PIECE_CHARS) yield text.slice(at, at + PIECE_CHARS);
}

async function readCsv(csv: string, turn: () => Promise<void>): Promise<{ line: number; record: Record<string, string> }[]> {
  const records: { line: number; record: Record<string, string> }[] = [];
  const parser = Readable.from(piecesOf(csv), { objectMode: false }).pipe(
    parse({
      bom: true,
      trim: true,
      skip_empty_lines: true,
      info: true,
      columns: (names: string[]) => {
        const header = names.map((n) => n.trim());
        const problem = headerProblem(header);
        if (problem) throw badFile(problem);
        return header;
      },
    }),
  );
  try {
    for await (const { info, record } of parser as AsyncIterable<{ info: Info; record: Record<string, string> }>) {
      records.push({ line: info.lines, record });
      await turn();
    }
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw badFile(`The file is not a readable CSV: ${(error as Error).message}`);
  }
  return records;
}

export interface ImportResult {
  dryRun: boolean;
  applied: boolean;
  rows: number;
  created: number;
  updated: number;
  errors: ImportRowError[];
  changes: { line: number; action: "create" | "update"; productId: number | null; productName: string }[];
}

/** The checks of a pack file's rows against the store: the packs and products they name, SKUs, prices against stored MRPs, 20 packs a product. */
async function checkPackRows(ctx: Pick<Context, "db">, rows: ImportRow[], errors: ImportRowError[]) {
  const err = (line: number, field: string, message: string) => errors.push({ line, field, message });
  const updates = rows.flatMap((r) => (r.action === "updatePack" ? [r] : []));
  const adds = rows.flatMap((r) => (r.action === "addPack" ? [r] : []));
  const packs = await ctx.db.productVariant.findMany({
    where: { variantId: { in: updates.map((r) => r.variantId) }, product: live },
    select: { variantId: true, productId: true, sku: true, price: true, mrp: true, product: { select: { productName: true } } },
  });
  const packById = new Map(packs.map((p) => [p.variantId, p]));
  const productIds = [...new Set(adds.map((r) => r.productId))];
  const products = await ctx.db.product.findMany({
    where: { ...live, productId: { in: productIds } },
    select: { productId: true, productName: true, _count: { select: { variants: true } } },
  });
  const productById = new Map(products.map((p) => [p.productId, p]));
  const seenPack = new Map<number, number>();
  for (const r of updates) {
    const pack = packById.get(r.variantId);
    if (!pack) err(r.line, "variantId", `Pack ${r.variantId} does not exist (leave variantId blank to add a pack).`);
    else if (r.productId !== undefined && r.productId !== pack.productId)
      err(r.line, "variantId", `Pack ${r.variantId} is not a pack of product ${r.productId}.`);
    else {
      const price = r.data.price !== undefined ? toPaise(r.data.price) : pack.price;
      const mrp = r.data.mrp !== undefined ? toPaise(r.data.mrp) : pack.mrp;
      if (price > mrp) err(r.line, "price", PRICE_ABOVE_MRP);
    }
    const earlier = seenPack.get(r.variantId);
    if (earlier !== undefined) err(r.line, "variantId", `Pack ${r.variantId} is already changed on line ${earlier}.`);
    else seenPack.set(r.variantId, r.line);
  }
  const added = new Map<number, number>();
  for (const r of adds) {
    const product = productById.get(r.productId);
    if (!product) {
      err(r.line, "productId", `Product ${r.productId} does not exist (leave productId blank to add a product).`);
      continue;
    }
    const count = (added.get(r.productId) ?? product._count.variants) + 1;
    added.set(r.productId, count);
    if (count > MAX_VARIANTS) err(r.line, "productId", `Product ${r.productId} would have more than ${MAX_VARIANTS} packs.`);
  }
  const newProducts = new Map<string, number>();
  for (const r of rows) {
    if (r.action !== "createWithPack") continue;
    const count = (newProducts.get(r.product.productName) ?? 0) + 1;
    newProducts.set(r.product.productName, count);
    if (count > MAX_VARIANTS) err(r.line, "productName", `A product has at most ${MAX_VARIANTS} packs; ${r.product.productName} has more in this file.`);
  }
  // SKUs: once in the file, and not another pack's in the store (a pack may keep its own)
  const skuRows = rows.flatMap((r) => (r.action === "addPack" || r.action === "createWithPack" || (r.action === "updatePack" && r.data.sku) ? [r] : []));
  const skuOf = (r: ImportRow) => (r.action === "addPack" || r.action === "createWithPack" || r.action === "updatePack" ? r.data.sku : undefined);
  const held = await ctx.db.productVariant.findMany({ where: { sku: { in: skuRows.map((r) => skuOf(r)!) } }, select: { sku: true, variantId: true } });
  const holder = new Map(held.map((h) => [h.sku, h.variantId]));
  const seenSku = new Map<string, number>();
  for (const r of skuRows) {
    const sku = skuOf(r)!;
    const self = r.action === "updatePack" ? r.variantId : undefined;
    const owner = holder.get(sku);
    if (owner !== undefined && owner !== self) err(r.line, "sku", `The SKU ${sku} is already used by another pack.`);
    const earlier = seenSku.get(sku);
    if (earlier !== undefined) err(r.line, "sku", `The SKU ${sku} is already on line ${earlier}.`);
    else seenSku.set(sku, r.line);
  }
  const nameOf = (r: ImportRow): string =>
    r.action === "updatePack"
      ? (r.product.productName ?? packById.get(r.variantId)?.product.productName ?? "")
      : r.action === "addPack"
        ? (productById.get(r.productId)?.productName ?? "")
        : r.action === "createWithPack"
          ? r.product.productName
          : r.data.productName;
  return { nameOf, packById };
}

/** The rows as creates and updates, with every row's errors (unknown or repeated product ids too). */
async function checkRows(ctx: Pick<Context, "db">, csv: string) {
  const turn = turns();
  const records = await readCsv(csv, turn);
  if (records.length === 0) throw badFile("The file has a header row but no products.");
  if (records.length > MAX_IMPORT_ROWS)
    throw badFile(`A file may hold at most ${MAX_IMPORT_ROWS.toLocaleString("en-IN")} products; this one has ${records.length}.`);
  const rows: ImportRow[] = [];
  const errors: ImportRowError[] = [];
  for (const { line, record } of records) {
    const checked = checkImportRecord(record, line);
    errors.push(...checked.errors);
    if (checked.row) rows.push(checked.row);
    await turn();
  }
  const updates = rows.flatMap((r) => (r.action === "update" ? [r] : []));
  const existing = new Set(
    (await ctx.db.product.findMany({ where: { ...live, productId: { in: updates.map((r) => r.productId) } }, select: { productId: true } })).map(
      (p) => p.productId,
    ),
  );
  const seen = new Map<number, number>();
  for (const row of updates) {
    if (!existing.has(row.productId))
      errors.push({ line: row.line, field: "productId", message: `Product ${row.productId} does not exist (leave productId blank to add a product).` });
    const earlier = seen.get(row.productId);
    if (earlier !== undefined) errors.push({ line: row.line, field: "productId", message: `Product ${row.productId} is already updated on line ${earlier}.` });
    else seen.set(row.productId, row.line);
  }
  const { nameOf, packById } = await checkPackRows(ctx, rows, errors);
  errors.sort((a, b) => a.line - b.line);
  return { records: records.length, rows, errors, nameOf, packById };
}

const isCreate = (r: ImportRow) => r.action === "create" || r.action === "addPack" || r.action === "createWithPack";

export async function importProducts(ctx: Context, input: { csv: string; dryRun: boolean }): Promise<ImportResult> {
  const { records, rows: checked, errors, nameOf, packById } = await checkRows(ctx, input.csv);
  // what would be done: the rows without errors
  const badLines = new Set(errors.map((e) => e.line));
  const rows = checked.filter((r) => !badLines.has(r.line));
  const changes = rows.map((r) => ({
    line: r.line,
    action: isCreate(r) ? ("create" as const) : ("update" as const),
    productId:
      r.action === "update" || r.action === "addPack" ? r.productId : r.action === "updatePack" ? (packById.get(r.variantId)?.productId ?? null) : null,
    productName: nameOf(r),
  }));
  const created = rows.filter(isCreate).length;
  const updated = rows.length - created;
  if (input.dryRun) return { dryRun: true, applied: false, rows: records, created, updated, errors, changes };
  if (errors.length > 0) {
    const first = errors[0]!;
    throw new ImportRejected(
      `${badLines.size} row${badLines.size > 1 ? "s have" : " has"} errors, so nothing was imported. Line ${first.line}, ${first.field}: ${first.message}`,
      errors,
    );
  }
  const defaults = await loadSettings(ctx.db);
  const turn = turns();
  try {
    await ctx.db.$transaction(
      async (tx) => {
        const touched = new Set<number>();
        const creates = rows.flatMap((r) => (r.action === "create" ? [newProductData(r.data, defaults)] : []));
        // in batches with a turn between them: on the embedded database each statement runs on the server's one thread
        for (let at = 0; at < creates.length; at += CREATE_BATCH) {
          const batch = creates.slice(at, at + CREATE_BATCH);
          const made = await tx.product.createManyAndReturn({ data: batch, select: { productId: true } });
          await tx.productVariant.createMany({ data: made.map((m, i) => firstVariantData(m.productId, batch[i]!)) });
          for (const m of made) touched.add(m.productId);
          await turn();
        }
        for (const row of rows) {
          if (row.action !== "update") continue;
          const changes = changedProductData(row.data);
          await tx.product.update({ where: { productId: row.productId }, data: changes });
          await updateDefaultVariant(tx, row.productId, changes);
          await turn();
        }
        await applyPackRows(tx, rows, defaults, touched, turn);
        const ids = [...touched];
        for (let at = 0; at < ids.length; at += CREATE_BATCH) {
          await syncProductsFromVariants(tx, ids.slice(at, at + CREATE_BATCH));
          await turn();
        }
      },
      { timeout: 120_000, maxWait: 10_000 },
    );
  } catch (error) {
    // a SKU taken by a pack written while this file was applied: the unique index decides
    if (isSkuTaken(error))
      throw new StoreError(409, "SKU_TAKEN", "A SKU of the file was taken by another pack meanwhile, so nothing was imported. Please check and import again.");
    throw error;
  }
  ctx.services.productEvents.changed();
  return { dryRun: false, applied: true, rows: records, created, updated, errors: [], changes };
}

/** A pack file's rows, in one transaction with the rest: changed packs, packs added, and new products (one per new productName). */
async function applyPackRows(tx: Prisma.TransactionClient, rows: ImportRow[], defaults: Settings, touched: Set<number>, turn: () => Promise<void>) {
  const newProductIds = new Map<string, number>();
  const nextPosition = new Map<number, number>();
  const positionIn = async (productId: number) => {
    const next =
      nextPosition.get(productId) ?? ((await tx.productVariant.aggregate({ where: { productId }, _max: { position: true } }))._max.position ?? -1) + 1;
    nextPosition.set(productId, next + 1);
    return next;
  };
  for (const r of rows) {
    if (r.action === "updatePack") {
      const v = r.data;
      const updated = await tx.productVariant.update({
        where: { variantId: r.variantId },
        data: {
          ...(v.sku !== undefined ? { sku: v.sku } : {}),
          ...(v.label !== undefined ? { label: v.label } : {}),
          ...(v.netQuantity !== undefined ? { netQuantity: v.netQuantity } : {}),
          ...(v.netUnit !== undefined ? { netUnit: v.netUnit } : {}),
          ...(v.price !== undefined ? { price: toPaise(v.price) } : {}),
          ...(v.mrp !== undefined ? { mrp: toPaise(v.mrp), mrpRaised: false } : {}),
          ...(v.stock !== undefined ? { stock: v.stock } : {}),
          ...(v.hsnCode !== undefined ? { hsnCode: v.hsnCode } : {}),
          ...(v.gstRate !== undefined ? { gstRate: v.gstRate } : {}),
          ...(v.weightGrams !== undefined ? { weightGrams: v.weightGrams } : {}),
          ...(v.active !== undefined ? { active: v.active } : {}),
          ...(v.position !== undefined ? { position: v.position } : {}),
        },
        select: { productId: true, active: true },
      });
      if (!updated.active) await tx.cartItem.deleteMany({ where: { variantId: r.variantId } });
      if (r.product.productName !== undefined || r.product.category !== undefined)
        await tx.product.update({ where: { productId: updated.productId }, data: { productName: r.product.productName, category: r.product.category } });
      touched.add(updated.productId);
    } else if (r.action === "addPack") {
      const tax = await tx.product.findUniqueOrThrow({ where: { productId: r.productId }, select: { hsnCode: true, gstRate: true } });
      await tx.productVariant.create({ data: newVariantData(r.productId, r.data, tax, await positionIn(r.productId)) });
      touched.add(r.productId);
    } else if (r.action === "createWithPack") {
      let productId = newProductIds.get(r.product.productName);
      if (productId === undefined) {
        const tax = { hsnCode: r.data.hsnCode ?? defaults.defaultHsnCode, gstRate: r.data.gstRate ?? defaults.defaultGstRate };
        // a pack file has no details, offer or delivery columns: the product starts with none (free delivery), for the form to complete
        const made = await tx.product.create({
          data: {
            productName: r.product.productName,
            category: r.product.category ?? "General",
            productInfo: "",
            offer: "",
            deliveryCharge: null,
            productPrice: toPaise(r.data.price),
            mainPrice: toPaise(r.data.mrp),
            packSize: r.data.label,
            quantity: r.data.stock,
            ...tax,
          },
          select: { productId: true },
        });
        productId = made.productId;
        newProductIds.set(r.product.productName, productId);
      }
      const tax = await tx.product.findUniqueOrThrow({ where: { productId }, select: { hsnCode: true, gstRate: true } });
      await tx.productVariant.create({ data: newVariantData(productId, r.data, tax, await positionIn(productId)) });
      touched.add(productId);
    } else continue;
    await turn();
  }
}
