// Reading a courier's PIN-code list in the browser for the import screen (issue 27): csv-parse's
// browser build and the server's own row checks (@store/validators), a chunk at a time so that the
// screen shows progress, and an upload that reports how much of the file has gone.
import { parse } from "csv-parse/browser/esm/sync";
import { checkPincodeRecord, pincodeHeaderProblem, type ImportRowError } from "@store/validators";
import { authHeader } from "./auth";

const CHUNK = 5000;

/** Parses and checks the file; `onProgress(done, total)` after every chunk of rows. */
export async function checkPincodeCsv(text: string, onProgress: (done: number, total: number) => void): Promise<{ rows: number; errors: ImportRowError[] }> {
  const records = parse<{ info: { lines: number }; record: Record<string, string> }>(text, {
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    info: true,
    columns: (names: string[]) => {
      const header = names.map((n) => n.trim());
      const problem = pincodeHeaderProblem(header);
      if (problem) throw new Error(problem);
      return header;
    },
  });
  const errors: ImportRowError[] = [];
  for (let i = 0; i < records.length; i += CHUNK) {
    for (const { info, record } of records.slice(i, i + CHUNK)) errors.push(...checkPincodeRecord(record, info.lines).errors);
    onProgress(Math.min(i + CHUNK, records.length), records.length);
    // let the browser paint the progress bar between chunks
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { rows: records.length, errors };
}

export interface Answer<T> {
  status: number;
  body: T;
}

/** POSTs a form with the admin token; `onSent(fraction)` as the upload goes (fetch cannot tell), 1 once all is sent. */
export function postForm<T>(url: string, form: FormData, onSent: (fraction: number) => void): Promise<Answer<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    for (const [name, value] of Object.entries(authHeader())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onSent(e.loaded / e.total);
    };
    xhr.upload.onload = () => onSent(1);
    xhr.onload = () => {
      let body: unknown = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // a proxy's HTML error page: the status says enough
      }
      resolve({ status: xhr.status, body: body as T });
    };
    xhr.onerror = () => reject(new Error("The store could not be reached. Please check the connection and try again."));
    xhr.send(form);
  });
}
