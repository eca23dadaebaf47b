import { useId } from "react";

/** A report's month (YYYY-MM), this month at most. */
export function MonthPicker({ month, max, onChange }: { month: string; max: string; onChange: (month: string) => void }) {
  const id = useId();
  return (
    <div className="field trust-month">
      <label htmlFor={id}>Month</label>
      <input id={id} type="month" value={month} max={max} onChange={(e) => /^\d{4}-\d{2}$/.test(e.target.value) && onChange(e.target.value)} />
    </div>
  );
}
