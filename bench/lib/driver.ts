// Talks to the load-generator process (bench/lib/load-worker.ts).
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { LOAD_CORE, pin } from "./proc.ts";
import type { LoadJob, LoadResult, Variant } from "./load-worker.ts";

export type { LoadResult, Variant };

export class Driver {
  private child!: ChildProcess;
  private next = 1;
  private pending = new Map<number, { resolve: (r: LoadResult) => void; reject: (e: Error) => void }>();

  async start() {
    this.child = fork(path.join(import.meta.dirname, "load-worker.ts"), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    pin(this.child.pid!, LOAD_CORE);
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error("load generator did not start")), 30_000);
      this.child.once("message", () => {
        clearTimeout(t);
        resolve();
      });
    });
    this.child.on("message", (m: { id: number; result?: LoadResult; error?: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(new Error(m.error));
      else p.resolve(m.result!);
    });
  }

  run(job: Omit<LoadJob, "id">): Promise<LoadResult> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      // bounded: autocannon stops itself after warmup + duration; this is the safety net
      const t = setTimeout(() => reject(new Error("load run did not finish")), (job.warmup + job.duration + 60) * 1000);
      this.pending.set(id, {
        resolve: (r) => (clearTimeout(t), resolve(r)),
        reject: (e) => (clearTimeout(t), reject(e)),
      });
      this.child.send({ ...job, id });
    });
  }

  stop() {
    this.child.kill("SIGTERM");
  }
}
