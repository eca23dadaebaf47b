// One run for a crowd: the page renders of the web plugin and the product cache's shared searches (issue 18).
/** Calls with a key already running share that call's promise until it settles (one render for a crowd). */
export function sharedRuns<T>(): { run(key: string, start: () => Promise<T>): Promise<T>; readonly running: number } {
  const inFlight = new Map<string, Promise<T>>();
  return {
    run(key, start) {
      const running = inFlight.get(key);
      if (running) return running;
      const started = start();
      inFlight.set(key, started);
      const forget = () => void inFlight.delete(key);
      started.then(forget, forget);
      return started;
    },
    get running() {
      return inFlight.size;
    },
  };
}
