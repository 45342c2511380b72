/** A plain bar: `value` of `max`, named by `label`, read out as `valueText`. */
export function ProgressBar({
  value,
  max,
  label,
  valueText,
}: {
  value: number;
  max: number;
  label: string;
  valueText: string;
}) {
  const share = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className="h-2 w-full overflow-hidden rounded-full bg-neutral-200"
    >
      <div className="h-full rounded-full bg-brand-600" style={{ width: `${share}%` }} />
    </div>
  );
}
