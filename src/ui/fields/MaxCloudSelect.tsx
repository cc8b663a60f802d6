import { MAX_CLOUD_CHOICES, type MaxCloud } from '../../state/map-layers-store.ts';
import './field.css';

const maxCloudLabel = (percent: number | null) =>
  percent === null ? 'Any cloud' : percent === 0 ? 'No cloud' : `Cloud ≤ ${percent}%`;

/** A cloud limit: any, ≤ 30 %, ≤ 10 % or none (the latest imagery's and the timelapse's). */
export function MaxCloudSelect({
  label,
  value,
  onChange,
  className,
}: {
  /** What the limit does, for screen readers. */
  label: string;
  value: MaxCloud;
  onChange: (maxCloud: MaxCloud) => void;
  className?: string;
}) {
  return (
    <label className={className}>
      <span className="visually-hidden">{label}</span>
      <select
        value={value ?? ''}
        onChange={(e) => onChange(MAX_CLOUD_CHOICES.find((c) => String(c ?? '') === e.target.value) ?? null)}
      >
        {MAX_CLOUD_CHOICES.map((percent) => (
          <option key={percent ?? 'any'} value={percent ?? ''}>
            {maxCloudLabel(percent)}
          </option>
        ))}
      </select>
    </label>
  );
}
