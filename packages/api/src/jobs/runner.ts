// Runs the registry's jobs in this process: for the queue's workers (queue.ts) and for the owner's
// "run now" (jobs-router.ts) alike. Runs of one job take turns here, so a run on demand never
// overlaps the queue's run of the same job in this server; across servers the jobs' own row
// claims keep two runs from handling one item.
import { StoreError } from "../platform/errors.ts";
import { JOBS, type JobDefinition, type JobDeps } from "./registry.ts";

export interface JobRunner {
  /** the job names, in registry order */
  readonly names: readonly string[];
  definition(name: string): JobDefinition | undefined;
  /** one round of the job; answers how many items it handled. Unknown name: 404 JOB_NOT_FOUND */
  run(name: string, signal?: AbortSignal): Promise<number>;
}

const never = new AbortController().signal;
const ignore = () => undefined;

export function createJobRunner(deps: JobDeps, jobs: Record<string, JobDefinition> = JOBS): JobRunner {
  const names = Object.keys(jobs);
  const definition = (name: string) => (Object.hasOwn(jobs, name) ? jobs[name] : undefined);
  /** the last run of each job, which the next one waits for */
  const lastRun = new Map<string, Promise<unknown>>();
  return {
    names,
    definition,
    run(name, signal = never) {
      const job = definition(name);
      if (!job) return Promise.reject(new StoreError(404, "JOB_NOT_FOUND", `There is no job "${name}". The jobs are: ${names.join(", ")}.`));
      const previous = lastRun.get(name) ?? Promise.resolve();
      const run = previous.then(() => job.run(deps, signal));
      // the next run waits for this one, whether it succeeds or fails
      lastRun.set(name, run.catch(ignore));
      return run;
    },
  };
}
