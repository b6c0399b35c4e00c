/** A progress bar with its figures beside it; `value` null: not known yet (an indeterminate bar). */
export function ProgressLine({ label, value, max, text }: { label: string; value: number | null; max: number; text: string }) {
  return (
    <div className="progress-line">
      <progress aria-label={label} max={max || 1} value={value ?? undefined} />
      <span className="muted numeric">{text}</span>
    </div>
  );
}
