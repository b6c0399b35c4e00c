import './spinner.css';

export interface SpinnerProps {
  size?: 'small' | 'medium';
  /** Read to assistive technology; an empty label hides a purely decorative spinner. */
  label?: string;
}

export function Spinner({ size = 'medium', label = 'Loading…' }: SpinnerProps) {
  if (!label) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <span role="status" className="spinner-wrap">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
