import { useEffect, useState } from 'react';
import { MAX_BUFFER_M, MIN_BUFFER_M } from '../../portfolio/location.ts';
import type { Portfolio } from '../../portfolio/portfolio.ts';
import { changeEventDate, changeRadius } from './portfolio-runner.ts';

/** The buffer around each point (a change clears the answers) and the optional event date. */
export function PortfolioSettings({ portfolio, hasResults }: { portfolio: Portfolio; hasResults: boolean }) {
  const [radius, setRadius] = useState(String(portfolio.radiusM));
  useEffect(() => setRadius(String(portfolio.radiusM)), [portfolio.radiusM]);
  const value = Number(radius);
  const valid = Number.isFinite(value) && value >= MIN_BUFFER_M && value <= MAX_BUFFER_M;
  const hasPoints = portfolio.locations.some((l) => l.area === null);
  const commit = () => {
    if (valid && value !== portfolio.radiusM) void changeRadius(value);
  };
  return (
    <div className="portfolio-settings">
      {hasPoints && (
        <label className="field">
          <span className="field__label">Buffer around points (m)</span>
          <input
            className="field__input"
            type="number"
            min={MIN_BUFFER_M}
            max={MAX_BUFFER_M}
            step={1}
            value={radius}
            aria-invalid={!valid}
            aria-describedby="portfolio-radius-hint"
            onChange={(event) => setRadius(event.target.value)}
            onBlur={commit}
            onKeyDown={(event) => event.key === 'Enter' && commit()}
          />
          <span id="portfolio-radius-hint" className="field__hint">
            {valid
              ? hasResults
                ? 'Changing it clears the answers.'
                : 'Each point is checked as a circle of this radius.'
              : `${MIN_BUFFER_M}–${MAX_BUFFER_M.toLocaleString('en-US')} m.`}
          </span>
        </label>
      )}
      <label className="field">
        <span className="field__label">Event date (optional)</span>
        <input
          className="field__input field__input--date"
          type="date"
          value={portfolio.eventDate ?? ''}
          onChange={(event) => void changeEventDate(event.target.value || null)}
        />
        <span className="field__hint">For each location: the latest capture before it and the first after.</span>
      </label>
    </div>
  );
}
