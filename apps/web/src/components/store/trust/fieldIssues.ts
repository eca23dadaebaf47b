/** The first message of each field from a failed zod safeParse: the forms show it under the field. */
export function fieldIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? "form");
    byField[name] ??= issue.message;
  }
  return byField;
}
