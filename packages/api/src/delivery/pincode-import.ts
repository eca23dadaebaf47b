// The owner's courier list (issue 27, contracts/delivery.md): up to 200,000 rows of
// pincode,city,district,state,serviceable,cod,etaDays, checked row by row (errors as {line, field,
// message}, as the product import), then written all or nothing with source "import".
//
// Neither step may hold the server: the file is parsed and checked in pieces that give the event
// loop a turn every 10 ms, and written 2,000 rows a statement. On PostgreSQL the statements share
// one transaction (other connections carry on meanwhile). The embedded database has one connection,
// and a transaction holds it, and so every request, until it ends (a single 200,000-row upsert took
// 5–9 s there): each statement commits on its own, returning the rows as they were, and a failure
// part-way puts those back, so the store again ends with all of the file or none of it.
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { parse, type Info } from "csv-parse";
import type { Db } from "@store/db";
import { checkPincodeRecord, MAX_PINCODE_ROWS, pincodeHeaderProblem, type ImportRowError, type PincodeImportRow } from "@store/validators";
import type { Context } from "../context.ts";
import { ImportRejected, StoreError } from "../platform/errors.ts";

const TURN_MS = 10;
const PIECE_CHARS = 16 * 1024;
/** rows a statement: ~50 ms of the embedded database's one thread */
const WRITE_BATCH = 2000;
/** errors answered: a file of 200,000 bad rows would otherwise answer ~20 MB of them */
export const MAX_REPORTED_ERRORS = 1000;

const badFile = (message: string) => new StoreError(400, "IMPORT_FILE_INVALID", message);

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

interface Checked {
  records: number;
  rows: PincodeImportRow[];
  errors: ImportRowError[];
  badLines: number;
}

/** Parses and checks every row (repeats of a PIN code too), streaming: no record is kept, only its row. */
async function checkFile(csv: string, turn: () => Promise<void>): Promise<Checked> {
  const rows: PincodeImportRow[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Map<string, number>();
  let records = 0;
  let badLines = 0;
  const parser = Readable.from(piecesOf(csv), { objectMode: false }).pipe(
    parse({
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      columns: (names: string[]) => {
        const header = names.map((n) => n.trim());
        const problem = pincodeHeaderProblem(header);
        if (problem) throw badFile(problem);
        return header;
      },
    }),
  );
  try {
    for await (const { info, record } of parser as AsyncIterable<{ info: Info; record: Record<string, string> }>) {
      records++;
      if (records > MAX_PINCODE_ROWS) {
        parser.destroy();
        throw badFile(`A file may hold at most ${MAX_PINCODE_ROWS.toLocaleString("en-IN")} PIN codes; this one has more.`);
      }
      const line = info.lines;
      const checked = checkPincodeRecord(record, line);
      const rowErrors = checked.errors;
      if (checked.row) {
        const earlier = seen.get(checked.row.pincode);
        if (earlier !== undefined) rowErrors.push({ line, field: "pincode", message: `PIN code ${checked.row.pincode} is already on line ${earlier}.` });
        else {
          seen.set(checked.row.pincode, line);
          rows.push(checked.row);
        }
      }
      if (rowErrors.length > 0) {
        badLines++;
        for (const e of rowErrors) if (errors.length < MAX_REPORTED_ERRORS) errors.push(e);
      }
      await turn();
    }
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw badFile(`The file is not a readable CSV: ${(error as Error).message}`);
  }
  if (records === 0) throw badFile("The file has a header row but no PIN codes.");
  return { records, rows, errors, badLines };
}

/** How many of the file's PIN codes are already in the directory. */
async function countKnown(db: Db, pincodes: string[], turn: () => Promise<void>): Promise<number> {
  let known = 0;
  for (let at = 0; at < pincodes.length; at += WRITE_BATCH) {
    const [row] = await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "Pincode" WHERE pincode = ANY($1::varchar[])`,
      pincodes.slice(at, at + WRITE_BATCH),
    );
    known += row?.n ?? 0;
    await turn();
  }
  return known;
}

const COLUMNS = `pincode, city, district, "stateCode", "stateName", serviceable, cod, "etaDays"`;
const INCOMING = `SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::bool[], $7::bool[], $8::int[])
  AS t(${COLUMNS})`;
const UPSERT = `INSERT INTO "Pincode" (${COLUMNS}, source, "updatedAt") SELECT ${COLUMNS}, 'import', now() FROM incoming
  ON CONFLICT (pincode) DO UPDATE SET city = EXCLUDED.city, district = EXCLUDED.district, "stateCode" = EXCLUDED."stateCode",
  "stateName" = EXCLUDED."stateName", serviceable = EXCLUDED.serviceable, cod = EXCLUDED.cod, "etaDays" = EXCLUDED."etaDays",
  source = 'import', "updatedAt" = now()
  /* the same list imported again writes nothing (and keeps each row's updatedAt) */
  WHERE ("Pincode".city, "Pincode".district, "Pincode"."stateCode", "Pincode"."stateName", "Pincode".serviceable, "Pincode".cod, "Pincode"."etaDays", "Pincode".source)
    IS DISTINCT FROM (EXCLUDED.city, EXCLUDED.district, EXCLUDED."stateCode", EXCLUDED."stateName", EXCLUDED.serviceable, EXCLUDED.cod, EXCLUDED."etaDays", 'import')`;
/** the upsert, answering the rows it replaced as they were before it (one snapshot for the whole statement) */
const UPSERT_RETURNING_BEFORE = `WITH incoming AS (${INCOMING}),
  before AS (SELECT p.* FROM "Pincode" p JOIN incoming USING (pincode)),
  written AS (${UPSERT} RETURNING 1)
  SELECT ${COLUMNS}, source, "updatedAt" FROM before`;
const RESTORE = `INSERT INTO "Pincode" (${COLUMNS}, source, "updatedAt")
  SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::bool[], $7::bool[], $8::int[], $9::varchar[], $10::timestamp[])
  ON CONFLICT (pincode) DO UPDATE SET city = EXCLUDED.city, district = EXCLUDED.district, "stateCode" = EXCLUDED."stateCode",
  "stateName" = EXCLUDED."stateName", serviceable = EXCLUDED.serviceable, cod = EXCLUDED.cod, "etaDays" = EXCLUDED."etaDays",
  source = EXCLUDED.source, "updatedAt" = EXCLUDED."updatedAt"`;

type Stored = Omit<PincodeImportRow, "line"> & { source: string; updatedAt: Date };

const columnsOf = (rows: Omit<PincodeImportRow, "line">[]) => [
  rows.map((r) => r.pincode),
  rows.map((r) => r.city),
  rows.map((r) => r.district),
  rows.map((r) => r.stateCode),
  rows.map((r) => r.stateName),
  rows.map((r) => r.serviceable),
  rows.map((r) => r.cod),
  rows.map((r) => r.etaDays),
];

const embedded = new WeakMap<Db, boolean>();
/** PGlite (one connection, in this process) rather than a PostgreSQL server */
async function isEmbedded(db: Db): Promise<boolean> {
  let known = embedded.get(db);
  if (known === undefined) {
    const [row] = await db.$queryRawUnsafe<{ version: string }[]>("SELECT version()");
    known = /emscripten|emcc/i.test(row?.version ?? "");
    embedded.set(db, known);
  }
  return known;
}

/** The embedded database: statement by statement; on a failure, the rows written are put back as they were. */
export async function writeInTurns(db: Db, rows: PincodeImportRow[], turn: () => Promise<void>) {
  const replaced: Stored[] = [];
  const added: string[] = [];
  try {
    for (let at = 0; at < rows.length; at += WRITE_BATCH) {
      const batch = rows.slice(at, at + WRITE_BATCH);
      const before = await db.$queryRawUnsafe<Stored[]>(UPSERT_RETURNING_BEFORE, ...columnsOf(batch));
      const had = new Set(before.map((b) => b.pincode));
      replaced.push(...before);
      for (const r of batch) if (!had.has(r.pincode)) added.push(r.pincode);
      await nextTurn();
    }
  } catch (error) {
    for (let i = 0; i < added.length; i += WRITE_BATCH * 5)
      await db.$executeRawUnsafe(`DELETE FROM "Pincode" WHERE pincode = ANY($1::varchar[])`, added.slice(i, i + WRITE_BATCH * 5));
    for (let i = 0; i < replaced.length; i += WRITE_BATCH) {
      const batch = replaced.slice(i, i + WRITE_BATCH);
      // timestamp(3) without a zone holds UTC: the ISO text without its "Z" is exactly what was stored
      const at3 = batch.map((b) => new Date(b.updatedAt).toISOString().replace("Z", ""));
      await db.$executeRawUnsafe(
        RESTORE,
        ...columnsOf(batch),
        batch.map((b) => b.source),
        at3,
      );
    }
    throw error;
  }
  await turn();
}

/** PostgreSQL: one transaction, statement by statement. */
async function writeInTransaction(db: Db, rows: PincodeImportRow[]) {
  await db.$transaction(
    async (tx) => {
      for (let at = 0; at < rows.length; at += WRITE_BATCH)
        await tx.$executeRawUnsafe(`WITH incoming AS (${INCOMING}) ${UPSERT}`, ...columnsOf(rows.slice(at, at + WRITE_BATCH)));
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}

export interface PincodeImportResult {
  dryRun: boolean;
  applied: boolean;
  rows: number;
  created: number;
  updated: number;
  serviceable: number;
  notServiceable: number;
  /** rows with at least one error (errors lists at most MAX_REPORTED_ERRORS of their errors) */
  rowsWithErrors: number;
  errors: ImportRowError[];
}

let writing = false;

export async function importPincodes(ctx: Pick<Context, "db">, input: { csv: string; dryRun: boolean }): Promise<PincodeImportResult> {
  const turn = turns();
  const { records, rows, errors, badLines } = await checkFile(input.csv, turn);
  const rejected = () => {
    const first = errors[0]!;
    return new ImportRejected(
      `${badLines.toLocaleString("en-IN")} row${badLines > 1 ? "s have" : " has"} errors, so nothing was imported. Line ${first.line}, ${first.field}: ${first.message}`,
      errors,
    );
  };
  if (!input.dryRun && badLines > 0) throw rejected();
  // a dry run counts the rows without errors
  const known = await countKnown(
    ctx.db,
    rows.map((r) => r.pincode),
    turn,
  );
  const serviceable = rows.filter((r) => r.serviceable).length;
  const result = {
    rows: records,
    created: rows.length - known,
    updated: known,
    serviceable,
    notServiceable: rows.length - serviceable,
    rowsWithErrors: badLines,
    errors,
  };
  if (input.dryRun) return { dryRun: true, applied: false, ...result };
  // one at a time: two files written batch by batch at once would mix on the embedded database
  if (writing) throw new StoreError(409, "IMPORT_RUNNING", "Another PIN-code list is being imported. Please try again when it has finished.");
  writing = true;
  try {
    if (await isEmbedded(ctx.db)) await writeInTurns(ctx.db, rows, turn);
    else await writeInTransaction(ctx.db, rows);
  } finally {
    writing = false;
  }
  return { dryRun: false, applied: true, ...result };
}
