/** A labelled progress bar (role=progressbar, aria-valuenow in percent), drawn rather than a native <progress> so it can show failure. */
export function ProgressBar({
  label,
  value,
  state,
}: {
  label: string;
  value: number;
  state?: 'running' | 'done' | 'failed';
}) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className={`pipeline-bar${state === 'done' ? ' is-done' : state === 'failed' ? ' is-failed' : ''}`}>
      <div
        className="pipeline-bar-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div className="pipeline-bar-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
