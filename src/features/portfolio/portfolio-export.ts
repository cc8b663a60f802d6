import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { EMPTY_LINK, type LinkState, linkToHash } from '../../links/link-state.ts';
import { extentOf } from '../../../core/geo/geometry.ts';
import { toCsv } from '../../area/csv.ts';
import type { LocationRefusal, Portfolio } from './portfolio.ts';
import { type ExportLine, exportLines } from './export-lines.ts';
import type { CaptureSummary } from './location-result.ts';
import { isoDay } from '../../format/date-format.ts';
import type { PortfolioRow } from './portfolio-rows.ts';
import { changeOfRow, changeStatusOf, type LocationChange } from './location-change.ts';

/** What became of each input row: status, its reason, and where the service refused it, its answer. */
const STATUS_COLUMNS = ['line', 'status', 'reason', 'service_status', 'correlation_id'] as const;

const RESULT_COLUMNS = [
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
  // The change between before_survey (before_capture) and after_survey (after_capture): status, score and its parts.
  'change',
  'change_score',
  'changed_share',
  'obscured_share',
  'different_seasons',
  'change_tiles',
  'change_reason',
  // Where every tile of the location failed: the service's answer (change_reason holds its message).
  'change_service_status',
  'change_correlation_id',
  'link',
] as const;

type Value = string | number | boolean;
type StatusValues = Record<(typeof STATUS_COLUMNS)[number], Value>;
type ResultValues = Record<(typeof RESULT_COLUMNS)[number], Value>;
const NO_RESULT = Object.fromEntries(RESULT_COLUMNS.map((c) => [c, ''])) as ResultValues;

/** How an export is made: the app's address for links, and why the locations without an answer have none. */
export interface ExportContext {
  appUrl: string;
  /** Locations the service refused in the last run. */
  refused: readonly LocationRefusal[];
  /** Why a location without an answer was not checked (see notCheckedReason). */
  notChecked: string;
  /** The locations' change scores, where scored (by location id). */
  changes?: ReadonlyMap<number, LocationChange>;
}

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
function locationLink(row: PortfolioRow, appUrl: string): string {
  const compare = pairComparison(row.captures);
  const hash = linkToHash({
    ...EMPTY_LINK,
    view: { center: row.location.position, zoom: zoomForLocation(row) },
    surveyId: compare ? null : (row.captures.latest?.id ?? null),
    compare,
  });
  return `${appUrl}${hash}`;
}

/** Why a checked location has no pair to score, or '' when it has one. */
function noPairReason({ captures: { before, after } }: PortfolioRow): string {
  if (before && after) return '';
  if (!before && !after) return 'no capture before or after the event';
  return before ? 'no capture after the event' : 'no capture before the event';
}

/** Shares as the export writes them: 0–1, to four decimals. */
const share = (value: number) => Math.round(value * 10_000) / 10_000;

function resultValues(row: PortfolioRow, { appUrl, changes }: ExportContext): ResultValues {
  const { result, captures } = row;
  const change = changeOfRow(row, changes);
  const scored = change && change.verdict !== 'failed' ? change : null;
  return {
    survey_count: result ? result.surveyIds.length : '',
    survey_ids: result ? result.surveyIds.join(';') : '',
    latest_survey: captures.latest?.id ?? '',
    latest_capture: isoDay(captures.latest?.captureStart),
    latest_cloud_cover: captures.latest?.cloudCover ?? '',
    before_survey: captures.before?.id ?? '',
    before_capture: isoDay(captures.before?.captureEnd),
    after_survey: captures.after?.id ?? '',
    after_capture: isoDay(captures.after?.captureStart),
    percent_covered: result ? result.percentCovered : '',
    change: result ? changeStatusOf(row, changes) : '',
    change_score: scored ? share(scored.score) : '',
    changed_share: scored ? share(scored.changedShare) : '',
    obscured_share: scored ? share(scored.obscuredShare) : '',
    different_seasons: change ? change.differentSeasons : '',
    change_tiles: change ? change.tiles : '',
    change_reason: change?.failure?.message ?? (result ? noPairReason(row) : ''),
    // 0 (no answer) is left empty, as service_status leaves it.
    change_service_status: change?.failure?.status || '',
    change_correlation_id: change?.failure?.correlationId ?? '',
    link: locationLink(row, appUrl),
  };
}

/** One input row's columns: its own values, its status, and (a location) what was found. */
function lineValues(line: ExportLine, width: number, context: ExportContext) {
  const values = line.kind === 'location' ? line.row.location.values : (line.problem.values ?? []);
  const status: StatusValues = {
    line: line.kind === 'location' ? line.row.location.line : line.problem.line,
    status: line.status,
    reason: line.reason,
    service_status: line.refusal?.status || '',
    correlation_id: line.refusal?.correlationId ?? '',
  };
  return {
    values: Array.from({ length: width }, (_, i) => values[i] ?? ''),
    position: line.kind === 'location' ? line.row.location.position : null,
    status,
    results: line.kind === 'location' ? resultValues(line.row, context) : NO_RESULT,
  };
}

/**
 * Every input row in the file's order — the rows not read, refused or not checked yet too, each with its status — as
 * the imported columns, then (for a file without coordinate columns) the location's position, its status and what
 * was found.
 */
export function portfolioCsv(portfolio: Portfolio, rows: readonly PortfolioRow[], context: ExportContext): string {
  const hasPosition = portfolio.source === 'table';
  const positionColumns = hasPosition ? [] : ['longitude', 'latitude'];
  const header = [...portfolio.columns, ...positionColumns, ...STATUS_COLUMNS, ...RESULT_COLUMNS].map((c, i, all) =>
    all.indexOf(c) === i ? c : `${c}_${i}`,
  );
  const lines = exportLines(portfolio, rows, context.refused, context.notChecked);
  return toCsv(
    header,
    lines.map((line) => {
      const { values, position, status, results } = lineValues(line, portfolio.columns.length, context);
      // A yes/no as GIS reads one from CSV: true or false.
      return [
        ...values,
        ...(hasPosition ? [] : (position ?? ['', ''])),
        ...Object.values(status),
        ...Object.values(results),
      ].map((v) => (typeof v === 'boolean' ? String(v) : v));
    }),
  );
}

/** The same rows as features: a location's point or polygon, a row not read with its own geometry (or none). */
export function portfolioGeoJson(
  portfolio: Portfolio,
  rows: readonly PortfolioRow[],
  context: ExportContext,
): FeatureCollection {
  const lines = exportLines(portfolio, rows, context.refused, context.notChecked);
  return {
    type: 'FeatureCollection',
    features: lines.map((line): Feature<Geometry | null> => {
      const { values, status, results } = lineValues(line, portfolio.columns.length, context);
      const location = line.kind === 'location' ? line.row.location : null;
      return {
        type: 'Feature',
        geometry: location
          ? (location.area ?? { type: 'Point', coordinates: location.position })
          : line.kind === 'not read'
            ? (line.problem.geometry ?? null)
            : null,
        properties: {
          ...Object.fromEntries(portfolio.columns.map((c, i) => [c, values[i]])),
          label: location?.label ?? null,
          buffer_m: location && !location.area ? portfolio.radiusM : null,
          max_cloud_cover: portfolio.maxCloudCover,
          // No value is null, not "": GIS then types survey_count, percent_covered and service_status as numbers.
          ...Object.fromEntries(Object.entries({ ...status, ...results }).map(([k, v]) => [k, v === '' ? null : v])),
          survey_ids: line.kind === 'location' ? (line.row.result?.surveyIds ?? []) : [],
        },
      };
    }),
  } as FeatureCollection;
}
