// What an audit entry shows: the fields a write changed, each as [before, after].

/** Fields whose values never reach the audit trail; a change shows as "(changed)". */
export const REDACTED_FIELDS = new Set(["password"]);

export type FieldChanges = Record<string, [unknown, unknown]>;
type Snapshot = Record<string, unknown> | null | undefined;

const comparable = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);
const same = (a: unknown, b: unknown) => JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));

/** The fields that differ between two snapshots of a record (null: it did not exist, or no longer does). */
export function changedFields(before: Snapshot, after: Snapshot): FieldChanges {
  const out: FieldChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const a = before ? before[key] : undefined;
    const b = after ? after[key] : undefined;
    if (same(a, b)) continue;
    out[key] = REDACTED_FIELDS.has(key) ? [a == null ? null : "(changed)", b == null ? null : "(changed)"] : [comparable(a), comparable(b)];
  }
  return out;
}
