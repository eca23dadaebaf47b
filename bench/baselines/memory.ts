// Baseline "ceiling": a bare Fastify route returning the same JSON bodies from memory.
// BENCH_BODIES is a JSON file { "<name>": "<body>" } captured from the store in the same run.
import fs from "node:fs";
import Fastify from "fastify";

const file = process.env.BENCH_BODIES;
if (!file) throw new Error("BENCH_BODIES: the JSON file of bodies to serve (bench/run.ts sets it)");
const bodies = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
const app = Fastify({ logger: false });
app.get("/healthz", () => ({ status: "ok" }));
app.get<{ Params: { name: string } }>("/m/:name", (request, reply) => {
  const body = bodies[request.params.name];
  if (body === undefined) return reply.code(404).send({ message: "no such body" });
  return reply.type("application/json; charset=utf-8").send(body);
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
