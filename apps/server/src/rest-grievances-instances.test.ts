// Complaint numbers on two server instances sharing one database (issue 31): 10 tickets filed
// alternately through both, at once, take 10 distinct consecutive numbers. With TEST_DATABASE_URL each
// instance has its own connection pool to PostgreSQL; on PGlite both share the embedded database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { openDb, type DbHandle } from "@store/db";
import { createTestServices } from "@store/api/testing";
import { buildApp } from "./app.ts";
import { createHttpTestEnv, type HttpTestEnv } from "./testing.ts";

let env: HttpTestEnv;
let second: { app: FastifyInstance; handle: DbHandle | null };
const pgUrl = process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  env = await createHttpTestEnv();
  let handle: DbHandle | null = null;
  if (pgUrl) {
    const [{ db: dbName }] = (await env.handle.raw.query<{ db: string }>("SELECT current_database() AS db")) as [{ db: string }];
    const url = new URL(pgUrl);
    url.pathname = `/${dbName}`;
    handle = await openDb({ databaseUrl: url.toString(), poolSize: 10 });
  }
  const app = await buildApp({ handle: handle ?? env.handle, services: createTestServices(), logLevel: "silent" });
  await app.ready();
  second = { app, handle };
});

afterAll(async () => {
  await second.app.close();
  await second.handle?.close();
  await env.close();
});

describe("complaints filed through two instances", () => {
  it("10 at once, alternately: 10 distinct consecutive ticket numbers", async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        [env.app, second.app][i % 2]!.inject({
          method: "POST",
          url: "/api/v1/grievances",
          payload: {
            category: "ORDER",
            subject: "Wrong item sent",
            description: "I ordered the 5 l pack and got the 1 l one.",
            name: "Two Instances",
            email: `two.${i}@example.in`,
            phone: `90000001${String(i).padStart(2, "0")}`,
          },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    const serials = answers.map((a) => Number(a.json<{ ticketNumber: string }>().ticketNumber.split("-")[2])).sort((x, y) => x - y);
    expect(serials).toEqual(Array.from({ length: 10 }, (_, i) => serials[0]! + i));
  });
});
