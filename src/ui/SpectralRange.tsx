import { describeSpectralRange } from '../format/survey-format.ts';

/** A survey's spectral range as a short label with a colour-bands mark; what it means on hover and for readers. */
export function SpectralRange({ range }: { range: string }) {
  const { short, long } = describeSpectralRange(range);
  return (
    <span className="spectral-range" title={long} data-testid="spectral-range">
      {short.startsWith('RGB') && (
        <svg className="spectral-range__icon" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <rect x="0" y="2" width="4" height="8" rx="1" fill="#dc2626" />
          <rect x="4" y="2" width="4" height="8" fill="#16a34a" />
          <rect x="8" y="2" width="4" height="8" rx="1" fill="#2563eb" />
        </svg>
      )}
      <abbr title={long}>{short}</abbr>
      <span className="visually-hidden"> ({long.replace('Spectral range: ', '')})</span>
    </span>
  );
}
