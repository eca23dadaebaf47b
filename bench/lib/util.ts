// Small helpers shared by the benchmark scripts.

/** `--name=value` arguments as a map (a bare `--name` is "true"); the value may itself contain "=", as URLs do. */
export function parseFlags(argv: readonly string[] = process.argv.slice(2)): Record<string, string> {
  const flags: Record<string, string> = {};
  for (const arg of argv) {
    const a = arg.replace(/^--/, "");
    const eq = a.indexOf("=");
    if (eq < 0) flags[a] = "true";
    else flags[a.slice(0, eq)] = a.slice(eq + 1);
  }
  return flags;
}

/** The value, or a readable Error saying what the bench expected to find. */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`bench: ${what} is missing`);
  return value;
}
