/** − quantity + ; never below `min`, never above `max`. */
export function QuantityStepper({
  value,
  onChange,
  max,
  min = 1,
  label,
  disabled = false,
}: {
  value: number;
  onChange: (n: number) => void;
  max: number;
  min?: number;
  label: string;
  disabled?: boolean;
}) {
  return (
    <div className="stepper" role="group" aria-label={label}>
      <button type="button" onClick={() => onChange(value - 1)} disabled={disabled || value <= min} aria-label={`Decrease ${label.toLowerCase()}`}>
        −
      </button>
      <output aria-live="polite" aria-label={label}>
        {value}
      </output>
      <button type="button" onClick={() => onChange(value + 1)} disabled={disabled || value >= max} aria-label={`Increase ${label.toLowerCase()}`}>
        +
      </button>
    </div>
  );
}
