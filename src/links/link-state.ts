import { decode, encode } from '@mapbox/polyline';
import type { Position } from 'geojson';
import { areaFromPolygons, polygonsOf, type AreaGeometry } from '../../core/geo/geometry.ts';
import { COORDINATE_DECIMALS } from '../area/send-limits.ts';
import type { CompareMode } from '../state/compare-store.ts';
import { MAX_PANES } from '../state/side-by-side-store.ts';
import { NO_FILTERS, type SurveyFilters, type SurveySort } from '../state/filter-store.ts';

/**
 * Everything a shared link restores. It lives in the URL's fragment, which browsers never send to a
 * server nor put in a Referer; by construction it holds no credential.
 */
export interface LinkState {
  view: { center: [number, number]; zoom: number } | null;
  surveyId: string | null;
  area: AreaGeometry | null;
  /** The area search's capture date range (YYYY-MM-DD or ''). */
  observed: { start: string; end: string };
  filters: SurveyFilters;
  compare: { a: string; b: string; mode: CompareMode; swipe: number; fade: number } | null;
  /** The captures side by side (survey ids or "survey/capture", as compared sides are written); none when empty. */
  sideBySide: string[];
  /** Zoom of the area search's tile grid, when not the default. */
  tileZoom: number | null;
  latestImagery: boolean;
  /** The annotations, as annotation-link.ts writes them (or how many were too many to carry). */
  notes: string | null;
  /** Find changes over the area: the two surveys compared, earlier first. */
  changes: { before: string; after: string } | null;
}

export const EMPTY_LINK: LinkState = {
  view: null,
  surveyId: null,
  area: null,
  observed: { start: '', end: '' },
  filters: NO_FILTERS,
  compare: null,
  sideBySide: [],
  tileZoom: null,
  latestImagery: false,
  notes: null,
  changes: null,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SORTS: readonly SurveySort[] = ['newest', 'oldest', 'least-cloud'];
const day = (value: string | null) => (value && DAY.test(value) ? value : '');
const fraction = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : fallback;
};
const trimNumber = (value: number, decimals: number) => String(Number(value.toFixed(decimals)));

/**
 * Rings as polylines (lat,lon order, as the format defines) at the area's own precision: "," between rings, ";" between
 * polygons.
 */
export function encodeArea(area: AreaGeometry): string {
  return polygonsOf(area)
    .map((rings) =>
      rings
        .map((ring) =>
          encode(
            ring.map(([lon, lat]) => [lat, lon] as [number, number]),
            COORDINATE_DECIMALS,
          ),
        )
        .join(','),
    )
    .join(';');
}

export function decodeArea(text: string): AreaGeometry | null {
  try {
    const polygons: Position[][][] = text
      .split(';')
      .map((rings) =>
        rings.split(',').map((ring) => decode(ring, COORDINATE_DECIMALS).map(([lat, lon]) => [lon, lat])),
      );
    const valid = polygons.every(
      (rings) =>
        rings.length > 0 &&
        rings.every(
          (ring) => ring.length >= 4 && ring.every(([lon, lat]) => Math.abs(lon) <= 180 && Math.abs(lat) <= 90),
        ),
    );
    return valid && polygons.length > 0 ? areaFromPolygons(polygons) : null;
  } catch {
    return null;
  }
}

/** "#map=zoom/lat/lon&survey=…": short keys, omitted when at their defaults. */
export function linkToHash(link: LinkState): string {
  const params = new URLSearchParams();
  if (link.view) {
    const [lon, lat] = link.view.center;
    params.set('map', `${trimNumber(link.view.zoom, 2)}/${trimNumber(lat, 5)}/${trimNumber(lon, 5)}`);
  }
  if (link.surveyId) params.set('survey', link.surveyId);
  if (link.area) params.set('area', encodeArea(link.area));
  if (link.observed.start || link.observed.end) params.set('observed', `${link.observed.start}..${link.observed.end}`);
  const f = link.filters;
  if (f.captureFrom || f.captureTo) params.set('captured', `${f.captureFrom}..${f.captureTo}`);
  if (f.maxCloud !== null) params.set('cloud', String(f.maxCloud));
  if (f.idQuery.trim()) params.set('q', f.idQuery.trim());
  if (f.sort !== NO_FILTERS.sort) params.set('sort', f.sort);
  if (link.compare) {
    const { a, b, mode, swipe, fade } = link.compare;
    params.set('compare', `${a},${b}`);
    params.set('cmp', `${mode},${trimNumber(swipe, 3)},${trimNumber(fade, 3)}`);
  }
  if (link.sideBySide.length > 0) params.set('sbs', link.sideBySide.join(','));
  if (link.tileZoom !== null) params.set('grid', String(link.tileZoom));
  if (link.latestImagery) params.set('latest', '1');
  if (link.notes) params.set('notes', link.notes);
  if (link.changes) params.set('changes', `${link.changes.before},${link.changes.after}`);
  // Readable separators stay as they are; anything else is escaped.
  const text = [...params]
    .map(
      ([key, value]) =>
        `${key}=${encodeURIComponent(value).replace(/%2F/g, '/').replace(/%2C/g, ',').replace(/%3B/g, ';')}`,
    )
    .join('&');
  return text ? `#${text}` : '';
}

/** Reads a fragment; anything malformed is left at its default rather than failing the whole link. */
export function linkFromHash(hash: string): LinkState | null {
  const text = hash.replace(/^#/, '');
  if (!text) return null;
  const params = new URLSearchParams(text);
  const [zoom, lat, lon] = (params.get('map') ?? '').split('/').map(Number);
  const viewOk =
    [zoom, lat, lon].every(Number.isFinite) && zoom >= 0 && zoom <= 24 && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  const [observedStart = '', observedEnd = ''] = (params.get('observed') ?? '').split('..');
  const [capturedFrom = '', capturedTo = ''] = (params.get('captured') ?? '').split('..');
  const cloud = params.get('cloud');
  const sort = params.get('sort') as SurveySort | null;
  const [a, b] = (params.get('compare') ?? '').split(',');
  const [mode, swipe, fade] = (params.get('cmp') ?? '').split(',');
  const sideBySide = [...new Set((params.get('sbs') ?? '').split(',').filter(Boolean))].slice(0, MAX_PANES);
  const grid = Number(params.get('grid'));
  const areaText = params.get('area');
  const [before, after, ...extra] = (params.get('changes') ?? '').split(',');
  return {
    view: params.has('map') && viewOk ? { center: [lon, lat], zoom } : null,
    surveyId: params.get('survey') || null,
    area: areaText ? decodeArea(areaText) : null,
    observed: { start: day(observedStart), end: day(observedEnd) },
    filters: {
      captureFrom: day(capturedFrom),
      captureTo: day(capturedTo),
      maxCloud:
        cloud !== null && cloud !== '' && Number.isFinite(Number(cloud))
          ? Math.min(100, Math.max(0, Number(cloud)))
          : null,
      idQuery: params.get('q') ?? '',
      sort: sort && SORTS.includes(sort) ? sort : NO_FILTERS.sort,
    },
    compare:
      a && b
        ? { a, b, mode: mode === 'fade' ? 'fade' : 'swipe', swipe: fraction(swipe, 0.5), fade: fraction(fade, 0.5) }
        : null,
    sideBySide,
    tileZoom: Number.isInteger(grid) && grid >= 14 && grid <= 21 ? grid : null,
    latestImagery: params.get('latest') === '1',
    notes: params.get('notes') || null,
    changes: before && after && before !== after && extra.length === 0 ? { before, after } : null,
  };
}

/** The parts whose change is a step the user may want to go Back from; view moves and slider drags are not. */
export function navigationKey(link: LinkState): string {
  return JSON.stringify([
    link.surveyId,
    link.compare && [link.compare.a, link.compare.b],
    link.sideBySide,
    link.area && encodeArea(link.area),
  ]);
}
