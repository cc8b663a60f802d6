import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { EMPTY_LINK, type LinkState, linkToHash } from '../app/link-state.ts';
import { extentOf } from '../../geo/geometry.ts';
import { toCsv } from '../area/csv.ts';
import type { Portfolio } from './portfolio.ts';
import { type CaptureSummary, dayOf } from './location-result.ts';
import type { PortfolioRow } from './portfolio-rows.ts';

const RESULT_COLUMNS = [
  'checked',
  'survey_count',
  'survey_ids',
  'latest_survey',
  'latest_capture',
  'latest_cloud_cover',
  'before_survey',
  'before_capture',
  'after_survey',
  'after_capture',
  'percent_covered',
  'link',
] as const;

/** The zoom that shows a location whole: 18 for a point's circle, less for a wide area. */
export function zoomForLocation(row: PortfolioRow): number {
  const area = row.location.area;
  if (!area) return 18;
  const [west, south, east, north] = extentOf(area);
  const span = Math.max(east - west, (north - south) * 1.3, 1e-6);
  return Math.max(3, Math.min(18, Math.floor(Math.log2(360 / span)) - 1));
}

/** A location's capture before the event swiped against its first after it, or null without both. */
export function pairComparison({ before, after }: CaptureSummary): NonNullable<LinkState['compare']> | null {
  return before && after ? { a: before.id, b: after.id, mode: 'swipe', swipe: 0.5, fade: 0.5 } : null;
}

/** The viewer at this location: before against after in a swipe when both exist, else its latest survey. */
export function locationLink(row: PortfolioRow, appUrl: string): string {
  const compare = pairComparison(row.captures);
  const hash = linkToHash({
    ...EMPTY_LINK,
    view: { center: row.location.position, zoom: zoomForLocation(row) },
    surveyId: compare ? null : (row.captures.latest?.id ?? null),
    compare,
  });
  return `${appUrl}${hash}`;
}

function resultValues(row: PortfolioRow, appUrl: string): Record<(typeof RESULT_COLUMNS)[number], string | number> {
  const { result, captures } = row;
  return {
    checked: result ? 'yes' : 'no',
    survey_count: result ? result.surveyIds.length : '',
    survey_ids: result ? result.surveyIds.join(';') : '',
    latest_survey: captures.latest?.id ?? '',
    latest_capture: dayOf(captures.latest?.captureEnd),
    latest_cloud_cover: captures.latest?.cloudCover ?? '',
    before_survey: captures.before?.id ?? '',
    before_capture: dayOf(captures.before?.captureEnd),
    after_survey: captures.after?.id ?? '',
    after_capture: dayOf(captures.after?.captureStart),
    percent_covered: result ? result.percentCovered : '',
    link: locationLink(row, appUrl),
  };
}

/** The imported columns, then what was found; a file without coordinate columns gets the location's position. */
export function portfolioCsv(portfolio: Portfolio, rows: readonly PortfolioRow[], appUrl: string): string {
  const hasPosition = portfolio.source === 'table';
  const positionColumns = hasPosition ? [] : ['longitude', 'latitude'];
  const header = [...portfolio.columns, ...positionColumns, ...RESULT_COLUMNS].map((c, i, all) =>
    all.indexOf(c) === i ? c : `${c}_${i}`,
  );
  return toCsv(
    header,
    rows.map((row) => [
      ...row.location.values,
      ...(hasPosition ? [] : row.location.position),
      ...Object.values(resultValues(row, appUrl)),
    ]),
  );
}

export function portfolioGeoJson(
  portfolio: Portfolio,
  rows: readonly PortfolioRow[],
  appUrl: string,
): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: rows.map(
      (row): Feature<Geometry> => ({
        type: 'Feature',
        geometry: row.location.area ?? { type: 'Point', coordinates: row.location.position },
        properties: {
          ...Object.fromEntries(portfolio.columns.map((c, i) => [c, row.location.values[i] ?? ''])),
          line: row.location.line,
          label: row.location.label,
          buffer_m: row.location.area ? null : portfolio.radiusM,
          max_cloud_cover: portfolio.maxCloudCover,
          // No value is null, not "": GIS then types survey_count and percent_covered as numbers.
          ...Object.fromEntries(Object.entries(resultValues(row, appUrl)).map(([k, v]) => [k, v === '' ? null : v])),
          survey_ids: row.result?.surveyIds ?? [],
        },
      }),
    ),
  };
}
