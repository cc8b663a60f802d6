import { stringify as toWkt } from 'wellknown';
import type { CoveredTile } from '../../core/geo/covered-tiles.ts';
import { formatMosaicStacId } from '../../core/geo/mosaic-stac-id.ts';
import { capturesAt } from '../catalog/captures.ts';
import type { Survey } from '../catalog/survey.ts';
import {
  legacyShape,
  PROVIDER_SHAPE,
  responseSchemas,
  SEED_SHAPE,
  type ResponseSchemas,
  type ResponseShape,
} from '../../core/wire/response-schemas.ts';

/** What every response shape needs to know about the request. */
interface ShapeContext {
  /** Externally visible base URL, without a trailing slash. */
  baseUrl: string;
}

interface SurveyPage {
  results: Survey[];
  page: number;
  pageSize: number;
  total: number;
}

/** How a family of routes renders the service's model as JSON. One per response profile. */
/** One tile position of a survey's mosaic updates: the tile and its captures published in the window, newest first. */
export interface UpdatedTile {
  tile: CoveredTile;
  captures: Survey[];
}

export interface Profile {
  name: string;
  /** The survey list's order: newest capture first (the seed), or most recently updated first (the provider). */
  listOrder: 'captured' | 'updated';
  /** What each of the functions below answers, as the schemas Fastify serialises with. */
  schemas: ResponseSchemas;
  surveyPage(page: SurveyPage, ctx: ShapeContext): unknown;
  footprint(survey: Survey, ctx: ShapeContext): unknown;
  coverage(surveys: Survey[], ctx: ShapeContext): unknown;
  tileMetadata(survey: Survey, tiles: CoveredTile[], ctx: ShapeContext): unknown;
  /**
   * The `?metadata=true` answer of one tile: one item per capture, newest first; an older capture's item names it in
   * its URL (the capture-specific form), since the plain tile URL shows the newest.
   */
  tileItems(captures: Survey[], tile: CoveredTile, ctx: ShapeContext): unknown;
  /** `mosaic_updates`: one inner array per tile position, one item per capture, every URL capture-specific. */
  mosaicUpdates(tiles: UpdatedTile[], ctx: ShapeContext, withPercent: boolean): unknown;
  /** Legacy `/tile/surveys`: every survey with its footprint, in one array. */
  allSurveys(surveys: readonly Survey[], ctx: ShapeContext): unknown;
  /** The tile URL that tile metadata advertises. */
  tileUrl(survey: Survey, tile: CoveredTile, ctx: ShapeContext): string;
}

interface ShapeOptions extends ResponseShape {
  name: string;
  tileUrl: 'zxy' | 'mosaic';
  /** Path prefix of tile URLs, e.g. "/tile/v2". */
  prefix: string;
  listOrder: Profile['listOrder'];
}

/** The capture id of a survey's tile, as the provider forms it. */
export const mosaicStacId = (survey: Survey, tile: Pick<CoveredTile, 'x' | 'y' | 'z'>): string =>
  formatMosaicStacId(
    { captureStart: survey.captureStart, captureEnd: survey.captureEnd, published: survey.publishedDate },
    tile,
  );

/** ISO 8601 → "YYYY-MM-DD HH:MM:SS UTC" (legacy routes). */
const legacyTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

function createProfile(options: ShapeOptions): Profile {
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

  const captureUrl = (s: Survey, t: CoveredTile, ctx: ShapeContext) =>
    `${surveyUrl(s, ctx)}/${mosaicStacId(s, t)}/${t.z}/${t.x}/${t.y}`;
  const tileUrl = (s: Survey, t: CoveredTile, ctx: ShapeContext) =>
    options.tileUrl === 'zxy' ? `${surveyUrl(s, ctx)}/${t.z}/${t.x}/${t.y}` : captureUrl(s, t, ctx);

  const tileItem = (s: Survey, t: CoveredTile, ctx: ShapeContext, url = tileUrl(s, t, ctx)) => ({
    static_url: url,
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
    listOrder: options.listOrder,
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
    // Flat: the tile as it shows now. Nested: every capture at the position, newest first.
    tileMetadata: (s, tiles, ctx) =>
      options.tileMetadata === 'flat'
        ? tiles.map((t) => tileItem(capturesAt(s, t)[0], t, ctx))
        : tiles.map((t) =>
            capturesAt(s, t).map((c, i) => tileItem(c, t, ctx, i === 0 ? undefined : captureUrl(c, t, ctx))),
          ),
    tileItems: (captures, t, ctx) =>
      captures.map((c, i) => tileItem(c, t, ctx, i === 0 ? undefined : captureUrl(c, t, ctx))),
    mosaicUpdates: (tiles, ctx, withPercent) =>
      tiles.map(({ tile, captures }) =>
        captures.map((c) => {
          const { percent_covered, ...item } = tileItem(c, tile, ctx, captureUrl(c, tile, ctx));
          return withPercent ? { ...item, percent_covered } : item;
        }),
      ),
    allSurveys: (surveys, ctx) => surveys.map((s) => ({ ...survey(s, ctx), footprint: geometry(s) })),
  };
}

export const seedProfile = createProfile({
  name: 'seed',
  ...SEED_SHAPE,
  tileUrl: 'zxy',
  prefix: '/tile/v2',
  listOrder: 'captured',
});

export const providerProfile = createProfile({
  name: 'provider',
  ...PROVIDER_SHAPE,
  tileUrl: 'mosaic',
  prefix: '/tile/v2',
  listOrder: 'updated',
});

/** A profile by its name (what crosses to the coverage workers, which shape tile metadata there). */
export function profileNamed(name: string): Profile {
  if (name === seedProfile.name) return seedProfile;
  if (name === providerProfile.name) return providerProfile;
  if (name === 'legacy-seed' || name === 'legacy-provider')
    return legacyProfile(name === 'legacy-seed' ? 'seed' : 'provider');
  throw new Error(`No profile named "${name}"`);
}

/**
 * Legacy unversioned routes: the active profile's fields with legacy timestamps and WKT footprints, and tile URLs that
 * name the capture, as the provider's legacy routes do.
 */
export function legacyProfile(base: 'seed' | 'provider'): Profile {
  return createProfile({
    name: `legacy-${base}`,
    ...legacyShape(base),
    tileUrl: 'mosaic',
    prefix: '/tile',
    listOrder: base === 'seed' ? 'captured' : 'updated',
  });
}
