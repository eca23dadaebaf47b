// Baseline "ceiling" of issue 18: bare node:http answering each path with the very bytes the store
// sent for it (captured in the same run), from memory, with the store's status and content type.
// BENCH_PAGES is a JSON file { "<path>": { "status": 200, "type": "text/html…", "body": "…" } }.
import fs from "node:fs";
import http from "node:http";

interface Page {
  status: number;
  type: string;
  body: string;
}
const file = process.env.BENCH_PAGES;
if (!file) throw new Error("BENCH_PAGES: the JSON file of pages to serve (bench/pages.ts sets it)");
const pages = new Map(
  Object.entries(JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, Page>).map(([p, page]) => [p, { ...page, bytes: Buffer.from(page.body) }]),
);

http
  .createServer((req, res) => {
    if (req.url === "/healthz") return res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
    const page = pages.get(req.url ?? "");
    if (!page) return res.writeHead(404).end();
    res.writeHead(page.status, { "content-type": page.type, "content-length": page.bytes.length }).end(page.bytes);
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
