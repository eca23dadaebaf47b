// GET /reports/grievances as CSV (contracts/grievances.md): with ?format=csv, or Accept: text/csv
// unless ?format=json. Answered before the REST facade (rest.ts), which speaks JSON, through the same
// procedure (the owner only), like the GST summary's CSV (documents.ts).
import type { FastifyReply, FastifyRequest } from "fastify";
import { appRouter, createCallerFactory, grievanceReportCsv, type Context } from "@store/api";
import { pathOf } from "../spring-error.ts";

const createCaller = createCallerFactory(appRouter);
type ContextFor = (request: FastifyRequest) => Promise<Context>;
type ReportRequest = FastifyRequest<{ Querystring: { month?: string } }>;

export function asksGrievanceCsv(request: FastifyRequest): boolean {
  if (request.method !== "GET" || pathOf(request.url) !== "/api/v1/reports/grievances") return false;
  const format = (request.query as { format?: unknown }).format;
  return format === "csv" || (format !== "json" && /\btext\/csv\b/.test(request.headers.accept ?? ""));
}

export const answerGrievanceCsv = (contextFor: ContextFor) => async (request: ReportRequest, reply: FastifyReply) => {
  const report = await createCaller(await contextFor(request)).grievances.report({ month: request.query.month ?? "" });
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="grievances-${report.month}.csv"`)
    .header("cache-control", "private, no-cache")
    .send(grievanceReportCsv(report));
};
