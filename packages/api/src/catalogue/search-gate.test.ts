// The bound on close-spelling statements (search-gate.ts, issue 22): one at a time per client,
// a few at once in all, a short line per client and in all.
import { describe, expect, it } from "vitest";
import { createSearchGate } from "./search-gate.ts";

/** a statement that runs until released, counting how many run at once */
function statements() {
  const releases: (() => void)[] = [];
  let running = 0;
  let most = 0;
  const statement = () =>
    new Promise<number>((resolve) => {
      running++;
      most = Math.max(most, running);
      releases.push(() => {
        running--;
        resolve(running);
      });
    });
  const settle = async () => {
    // let the gate hand out its turns, then release whatever runs, until nothing is left
    for (let round = 0; round < 100; round++) {
      await new Promise((r) => setImmediate(r));
      const now = releases.splice(0);
      if (now.length === 0 && round > 2) return;
      for (const release of now) release();
    }
  };
  return { statement, settle, running: () => running, most: () => most };
}

const tick = () => new Promise((r) => setImmediate(r));

describe("createSearchGate", () => {
  it("runs one statement at a time for a client, in order", async () => {
    const gate = createSearchGate({ concurrency: 4 });
    const s = statements();
    const order: number[] = [];
    const all = Array.from({ length: 5 }, (_, i) => gate.closeSpelling("10.0.0.1", () => s.statement().then(() => order.push(i))));
    await tick();
    expect(s.running()).toBe(1);
    await s.settle();
    await Promise.all(all);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(s.most()).toBe(1);
    expect(gate.started).toBe(5);
  });

  it("runs at most `concurrency` at once for many clients", async () => {
    const gate = createSearchGate({ concurrency: 2 });
    const s = statements();
    const all = Array.from({ length: 6 }, (_, i) => gate.closeSpelling(`10.0.0.${i}`, s.statement));
    await tick();
    expect(s.running()).toBe(2);
    await s.settle();
    await Promise.all(all);
    expect(s.most()).toBe(2);
    expect(gate.mostAtOnce).toBe(2);
  });

  it("refuses a client with too many waiting (429), not the others; and everyone when the whole line is full (503)", async () => {
    const gate = createSearchGate({ concurrency: 1, maxWaitingPerClient: 3, maxWaiting: 5 });
    const s = statements();
    const mine = [1, 2, 3].map(() => gate.closeSpelling("10.0.0.1", s.statement));
    expect(() => gate.closeSpelling("10.0.0.1", s.statement)).toThrow(expect.objectContaining({ status: 429, code: "TOO_MANY_SEARCHES", client: "10.0.0.1" }));
    const others = [gate.closeSpelling("10.0.0.2", s.statement), gate.closeSpelling("10.0.0.3", s.statement)];
    await tick();
    // one of the first client's runs; 4 wait
    expect(() => gate.closeSpelling("10.0.0.4", s.statement)).not.toThrow();
    expect(() => gate.closeSpelling("10.0.0.5", s.statement)).toThrow(expect.objectContaining({ status: 503, code: "SEARCH_BUSY" }));
    await s.settle();
    await Promise.all([...mine, ...others]);
    // once its line is short again the client is served
    const later = gate.closeSpelling("10.0.0.1", s.statement);
    await s.settle();
    await expect(later).resolves.toBe(0);
  });

  it("passes a failed statement's error on and frees its turn", async () => {
    const gate = createSearchGate({ concurrency: 1 });
    await expect(gate.closeSpelling("10.0.0.1", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    await expect(gate.closeSpelling("10.0.0.1", () => Promise.resolve(7))).resolves.toBe(7);
    await expect(gate.closeSpelling("10.0.0.2", () => Promise.resolve(8))).resolves.toBe(8);
  });
});
