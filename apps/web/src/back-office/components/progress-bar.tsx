import { useId } from 'react';

/**
 * A progress bar screen readers announce: role progressbar with its value, plus the same
 * progress in words ('250 von 5.000 Zeilen') beside it for everyone.
 */
export function ProgressBar({
  label,
  value,
  max,
  text,
}: {
  label: string;
  value: number;
  max: number;
  /** The progress in words, e.g. 'x von y Zeilen' or '42 %'. */
  text: string;
}) {
  const id = useId();
  const width = max > 0 ? Math.min(100, (value / max) * 100) : 0;
  return (
    <div className="admin-progress">
      <span id={`${id}-label`} className="admin-progress-label">
        {label}
      </span>
      <div
        className="admin-progress-track"
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={text}
      >
        <div className="admin-progress-fill" style={{ width: `${width}%` }} />
      </div>
      <span className="admin-progress-text" aria-hidden="true">
        {text}
      </span>
    </div>
  );
}
