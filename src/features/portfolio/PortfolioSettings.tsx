import { useEffect, useState } from 'react';
import { MAX_BUFFER_M, MIN_BUFFER_M } from '../../portfolio/location.ts';
import type { Portfolio } from '../../portfolio/portfolio.ts';
import { changeCloudLimit, changeEventDate, changeRadius } from './portfolio-runner.ts';

/** The buffer around each point (a change clears the answers), the optional event date and cloud limit. */
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
      <CloudLimit portfolio={portfolio} />
    </div>
  );
}

/** A limit on cloud cover: cloudier surveys still count as covering, but are never a location's chosen capture. */
function CloudLimit({ portfolio }: { portfolio: Portfolio }) {
  const kept = portfolio.maxCloudCover === null ? '' : String(portfolio.maxCloudCover);
  const [limit, setLimit] = useState(kept);
  useEffect(() => setLimit(kept), [kept]);
  const value = limit.trim() === '' ? null : Number(limit);
  const valid = value === null || (Number.isFinite(value) && value >= 0 && value <= 100);
  const commit = () => {
    if (valid && value !== portfolio.maxCloudCover) void changeCloudLimit(value);
  };
  return (
    <label className="field">
      <span className="field__label">Max cloud cover (%, optional)</span>
      <input
        className="field__input"
        type="number"
        min={0}
        max={100}
        step="any"
        value={limit}
        placeholder="Any"
        aria-invalid={!valid}
        aria-describedby="portfolio-cloud-hint"
        onChange={(event) => setLimit(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && commit()}
      />
      <span id="portfolio-cloud-hint" className="field__hint">
        {valid
          ? 'Cloudier surveys are never the latest, before or after; those without a cloud figure are kept.'
          : '0–100 %, or empty for any.'}
      </span>
    </label>
  );
}
