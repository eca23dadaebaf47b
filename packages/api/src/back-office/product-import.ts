// Loading a catalogue from a spreadsheet (issue 17): every row is checked with the product form's
// schemas; a dry run answers what would be created and updated and each row's errors; applying is
// all or nothing, in one transaction.
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { parse, type Info } from "csv-parse";
import { checkImportRecord, headerProblem, MAX_IMPORT_ROWS, type ImportRow, type ImportRowError } from "@store/validators";
import type { Context } from "../context.ts";
import { ImportRejected, StoreError } from "../platform/errors.ts";
import { changedProductData, live, newProductData } from "../catalogue/products.ts";
import { loadSettings } from "./settings.ts";

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
  const updates = rows.filter((r) => r.action === "update");
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
  errors.sort((a, b) => a.line - b.line);
  return { records: records.length, rows, errors };
}

export async function importProducts(ctx: Context, input: { csv: string; dryRun: boolean }): Promise<ImportResult> {
  const { records, rows: checked, errors } = await checkRows(ctx, input.csv);
  // what would be done: the rows without errors
  const badLines = new Set(errors.map((e) => e.line));
  const rows = checked.filter((r) => !badLines.has(r.line));
  const changes = rows.map((r) => ({
    line: r.line,
    action: r.action,
    productId: r.action === "update" ? r.productId : null,
    productName: r.data.productName,
  }));
  const created = rows.filter((r) => r.action === "create").length;
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
  await ctx.db.$transaction(
    async (tx) => {
      const creates = rows.flatMap((r) => (r.action === "create" ? [newProductData(r.data, defaults)] : []));
      // in batches with a turn between them: on the embedded database each statement runs on the server's one thread
      for (let at = 0; at < creates.length; at += CREATE_BATCH) {
        await tx.product.createMany({ data: creates.slice(at, at + CREATE_BATCH) });
        await turn();
      }
      for (const row of rows) {
        if (row.action !== "update") continue;
        await tx.product.update({ where: { productId: row.productId }, data: changedProductData(row.data) });
        await turn();
      }
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
  ctx.services.productEvents.changed();
  return { dryRun: false, applied: true, rows: records, created, updated, errors: [], changes };
}
