import { stringify as toWkt } from 'wellknown';
import type { CoveredTile } from '../../geo/covered-tiles.ts';
import { formatMosaicStacId } from '../../geo/mosaic-stac-id.ts';
import type { Survey } from '../catalog/survey.ts';
import { responseSchemas, type ResponseSchemas, type ResponseShape } from './response-schemas.ts';

/** What every response shape needs to know about the request. */
export interface ShapeContext {
  /** Externally visible base URL, without a trailing slash. */
  baseUrl: string;
}

export interface SurveyPage {
  results: Survey[];
  page: number;
  pageSize: number;
  total: number;
}

/** How a family of routes renders the service's model as JSON. One per response profile. */
export interface Profile {
  name: string;
  /** What each of the functions below answers, as the schemas Fastify serialises with. */
  schemas: ResponseSchemas;
  surveyPage(page: SurveyPage, ctx: ShapeContext): unknown;
  footprint(survey: Survey, ctx: ShapeContext): unknown;
  coverage(surveys: Survey[], ctx: ShapeContext): unknown;
  tileMetadata(survey: Survey, tiles: CoveredTile[], ctx: ShapeContext): unknown;
  /** The `?metadata=true` answer of one tile. */
  tileItems(survey: Survey, tile: CoveredTile, ctx: ShapeContext): unknown;
  /** The tile URL that tile metadata advertises. */
  tileUrl(survey: Survey, tile: CoveredTile, ctx: ShapeContext): string;
}

export interface ShapeOptions extends ResponseShape {
  name: string;
  tileUrl: 'zxy' | 'mosaic';
  /** Path prefix of tile URLs, e.g. "/tile/v2". */
  prefix: string;
}

/** The capture id of a survey's tile, as the provider forms it. */
export const mosaicStacId = (survey: Survey, tile: Pick<CoveredTile, 'x' | 'y' | 'z'>): string =>
  formatMosaicStacId(
    { captureStart: survey.captureStart, captureEnd: survey.captureEnd, published: survey.publishedDate },
    tile,
  );

/** ISO 8601 → "YYYY-MM-DD HH:MM:SS UTC" (legacy routes). */
export const legacyTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

export function createProfile(options: ShapeOptions): Profile {
  const time = options.time === 'iso' ? (iso: string) => iso : legacyTime;
  const geometry =
    options.geometry === 'geojson'
      ? (s: Survey) => s.footprint
      : (s: Survey) => toWkt(s.footprint as Parameters<typeof toWkt>[0]);
  const surveyUrl = (s: Survey, ctx: ShapeContext) => `${ctx.baseUrl}${options.prefix}/${encodeURIComponent(s.id)}`;

  const survey = (s: Survey, ctx: ShapeContext) => ({
    id: s.id,
    capture_date_start: time(s.captureStart),
    capture_date_end: time(s.captureEnd),
    last_updated: time(s.lastUpdated),
    spectral_range: s.spectralRange,
    ...(options.extras && {
      cloud_cover: s.cloudCover,
      links: [
        { rel: 'footprint', href: `${surveyUrl(s, ctx)}/footprint` },
        { rel: 'coverage', href: `${surveyUrl(s, ctx)}/coverage` },
        { rel: 'tiles', href: `${surveyUrl(s, ctx)}/{z}/{x}/{y}` },
      ],
    }),
  });

  const tileUrl = (s: Survey, t: CoveredTile, ctx: ShapeContext) =>
    options.tileUrl === 'zxy'
      ? `${surveyUrl(s, ctx)}/${t.z}/${t.x}/${t.y}`
      : `${surveyUrl(s, ctx)}/${mosaicStacId(s, t)}/${t.z}/${t.x}/${t.y}`;

  const tileItem = (s: Survey, t: CoveredTile, ctx: ShapeContext) => ({
    static_url: tileUrl(s, t, ctx),
    geospatial_extent: t.extent,
    mosaic_stac_id: mosaicStacId(s, t),
    capture_date_start: time(s.captureStart),
    capture_date_end: time(s.captureEnd),
    published_date: time(s.publishedDate),
    file_format: 'png',
    spatial_resolution_class: s.resolutionClass,
    spectral_range: s.spectralRange,
    percent_covered: t.percentCovered,
    ...(options.extras && { survey_id: s.id, z: t.z, x: t.x, y: t.y }),
  });

  return {
    name: options.name,
    schemas: responseSchemas(options),
    tileUrl,
    surveyPage: ({ results, page, pageSize, total }, ctx) => ({
      results: results.map((s) => survey(s, ctx)),
      page,
      page_size: pageSize,
      has_next: page * pageSize < total,
      total_pages: Math.ceil(total / pageSize),
      total_results: total,
    }),
    footprint: (s, ctx) => ({
      survey_id: s.id,
      footprint: geometry(s),
      status: 200,
      ...(options.extras && {
        ...survey(s, ctx),
        published_date: time(s.publishedDate),
        spatial_resolution_class: s.resolutionClass,
      }),
    }),
    coverage: (surveys, ctx) => surveys.map((s) => ({ ...survey(s, ctx), footprint: geometry(s) })),
    tileMetadata: (s, tiles, ctx) =>
      options.tileMetadata === 'flat' ? tiles.map((t) => tileItem(s, t, ctx)) : tiles.map((t) => [tileItem(s, t, ctx)]),
    tileItems: (s, t, ctx) => [tileItem(s, t, ctx)],
  };
}

export const seedProfile = createProfile({
  name: 'seed',
  geometry: 'geojson',
  time: 'iso',
  extras: true,
  tileMetadata: 'flat',
  tileUrl: 'zxy',
  prefix: '/tile/v2',
});

export const providerProfile = createProfile({
  name: 'provider',
  geometry: 'wkt',
  time: 'iso',
  extras: false,
  tileMetadata: 'nested',
  tileUrl: 'mosaic',
  prefix: '/tile/v2',
});

/** A profile by its name (what crosses to the coverage workers, which shape tile metadata there). */
export function profileNamed(name: string): Profile {
  if (name === seedProfile.name) return seedProfile;
  if (name === providerProfile.name) return providerProfile;
  if (name === 'legacy-seed' || name === 'legacy-provider')
    return legacyProfile(name === 'legacy-seed' ? 'seed' : 'provider');
  throw new Error(`No profile named "${name}"`);
}

/** Legacy unversioned routes: the active profile's fields with legacy timestamps and WKT footprints. */
export function legacyProfile(base: 'seed' | 'provider'): Profile {
  return createProfile({
    name: `legacy-${base}`,
    geometry: 'wkt',
    time: 'legacy',
    extras: base === 'seed',
    tileMetadata: base === 'seed' ? 'flat' : 'nested',
    tileUrl: 'zxy',
    prefix: '/tile',
  });
}
