import { HATCH_COLOUR, HATCH_LABEL, HEAT_LEVELS } from './heat-map.ts';

/** What the heat map's colours mean. */
export function ChangesLegend() {
  return (
    <ul className="changes-legend" aria-label="Heat map legend">
      {HEAT_LEVELS.map(({ level, colour, label }) => (
        <li key={level}>
          <span className="changes-legend__ring" style={{ borderColor: colour }} aria-hidden="true" />
          {label}
        </li>
      ))}
      <li>
        <span
          className="changes-legend__hatch"
          style={{
            backgroundImage: `repeating-linear-gradient(-45deg, ${HATCH_COLOUR} 0 1.5px, transparent 1.5px 5px)`,
          }}
          aria-hidden="true"
        />
        {HATCH_LABEL}
      </li>
    </ul>
  );
}
