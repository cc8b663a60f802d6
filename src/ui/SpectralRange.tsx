import { describeSpectralRange } from '../format/survey-format.ts';

/** A survey's spectral range as a short label with a colour-bands mark; what it means on hover and for readers. */
export function SpectralRange({ range }: { range: string }) {
  const { short, long } = describeSpectralRange(range);
  return (
    <span className="spectral-range" title={long} data-testid="spectral-range">
      {short.startsWith('RGB') && (
        // Three colour bands drawn by CSS: a list row is cheaper without an SVG of its own.
        <span className="spectral-range__icon" aria-hidden="true" />
      )}
      <abbr title={long}>{short}</abbr>
      <span className="visually-hidden"> ({long.replace('Spectral range: ', '')})</span>
    </span>
  );
}
