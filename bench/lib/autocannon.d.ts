// The parts of autocannon (npm, no bundled types) that the load generator uses.
declare module "autocannon" {
  namespace autocannon {
    interface Request {
      method?: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }
    interface Histogram {
      average: number;
      p50: number;
      p90: number;
      p99: number;
      max: number;
      total: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      duration: number;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      requests?: { setupRequest?: (req: Request) => Request }[];
    }
  }
  function autocannon(opts: autocannon.Options, cb: (err: Error | null, result: autocannon.Result) => void): unknown;
  /** without a callback: a thenable of the result */
  function autocannon(opts: autocannon.Options): PromiseLike<autocannon.Result>;
  export default autocannon;
}
