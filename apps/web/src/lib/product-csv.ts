// Reading a product CSV in the browser for the import screen: csv-parse's browser build, then the
// same row checks as the server (@store/validators), a chunk at a time so that the screen can show
// progress on large files.
import { parse } from "csv-parse/browser/esm/sync";
import { checkImportRecord, headerProblem, type ImportRowError } from "@store/validators";

const CHUNK = 250;

export interface LocalCheck {
  rows: number;
  errors: ImportRowError[];
}

/** Parses and checks the file; `onProgress(done, total)` after every chunk of rows. */
export async function checkProductCsv(text: string, onProgress: (done: number, total: number) => void): Promise<LocalCheck> {
  let problem: string | undefined;
  const records = parse<{ info: { lines: number }; record: Record<string, string> }>(text, {
    bom: true,
    trim: true,
    skip_empty_lines: true,
    info: true,
    columns: (names: string[]) => {
      const header = names.map((n) => n.trim());
      problem = headerProblem(header);
      if (problem) throw new Error(problem);
      return header;
    },
  });
  const errors: ImportRowError[] = [];
  for (let i = 0; i < records.length; i += CHUNK) {
    for (const { info, record } of records.slice(i, i + CHUNK)) errors.push(...checkImportRecord(record, info.lines).errors);
    onProgress(Math.min(i + CHUNK, records.length), records.length);
    // let the browser paint the progress bar between chunks
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { rows: records.length, errors };
}
