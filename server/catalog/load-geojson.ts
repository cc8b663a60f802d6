import { readFile } from 'node:fs/promises';
import { type AreaGeometry, extentOf } from '../../core/geo/geometry.ts';
import { isSurveyId, type Survey } from './survey.ts';

export class CatalogFileError extends Error {}

function isoTime(value: unknown, where: string, field: string): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) {
    throw new CatalogFileError(
      `${where}: properties.${field} must be an ISO 8601 timestamp, got ${JSON.stringify(value)}`,
    );
  }
  return new Date(value).toISOString();
}

function hashSeed(id: string): number {
  let h = 2166136261;
  for (const ch of id) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/**
 * Reads an operator's catalog: a GeoJSON FeatureCollection whose features are survey footprints
 * (Polygon or MultiPolygon) with properties id, capture_date_start, capture_date_end and optionally
 * published_date, last_updated, cloud_cover, spectral_range, spatial_resolution_class.
 */
export function surveysFromGeoJson(data: unknown): Survey[] {
  const collection = data as { type?: unknown; features?: unknown };
  if (collection?.type !== 'FeatureCollection' || !Array.isArray(collection.features)) {
    throw new CatalogFileError('The catalog must be a GeoJSON FeatureCollection.');
  }
  return collection.features.map(
    (f: { geometry?: { type?: string; coordinates?: unknown }; properties?: Record<string, unknown> }, i) => {
      const where = `features[${i}]`;
      const p = f?.properties ?? {};
      if (typeof p.id !== 'string' || !isSurveyId(p.id)) {
        throw new CatalogFileError(
          `${where}: properties.id must be a string of letters, digits, ".", "_" or "-" (got ${JSON.stringify(p.id)})`,
        );
      }
      const type = f.geometry?.type;
      if (type !== 'Polygon' && type !== 'MultiPolygon')
        throw new CatalogFileError(
          `${where} (${p.id}): geometry must be a Polygon or MultiPolygon, got ${type ?? 'none'}`,
        );
      const footprint = f.geometry as AreaGeometry;
      const rings =
        type === 'Polygon'
          ? (footprint as { coordinates: number[][][] }).coordinates
          : (footprint.coordinates as number[][][][]).flat();
      for (const ring of rings) {
        const ok =
          Array.isArray(ring) &&
          ring.length >= 4 &&
          ring.every((c) => Array.isArray(c) && Number.isFinite(c[0]) && Number.isFinite(c[1]));
        if (!ok || ring[0][0] !== ring[ring.length - 1][0] || ring[0][1] !== ring[ring.length - 1][1]) {
          throw new CatalogFileError(
            `${where} (${p.id}): every ring needs at least 4 finite positions and must be closed`,
          );
        }
      }
      const named = `${where} (${p.id})`;
      const captureStart = isoTime(p.capture_date_start, named, 'capture_date_start');
      const captureEnd = isoTime(p.capture_date_end, named, 'capture_date_end');
      if (captureEnd < captureStart)
        throw new CatalogFileError(`${where} (${p.id}): capture_date_end is before capture_date_start`);
      const publishedDate =
        p.published_date === undefined ? captureEnd : isoTime(p.published_date, named, 'published_date');
      const cloud = p.cloud_cover ?? 0;
      if (typeof cloud !== 'number' || cloud < 0 || cloud > 100)
        throw new CatalogFileError(`${where} (${p.id}): cloud_cover must be a number 0–100`);
      return {
        id: p.id,
        captureStart,
        captureEnd,
        publishedDate,
        lastUpdated: p.last_updated === undefined ? publishedDate : isoTime(p.last_updated, named, 'last_updated'),
        cloudCover: cloud,
        spectralRange: typeof p.spectral_range === 'string' ? p.spectral_range : 'visible',
        resolutionClass: typeof p.spatial_resolution_class === 'string' ? p.spatial_resolution_class : '7.5cm',
        footprint,
        bbox: extentOf(footprint),
        seed: hashSeed(p.id),
      };
    },
  );
}

export async function loadCatalogFile(file: string): Promise<Survey[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CatalogFileError(`Cannot read catalog file ${file}: ${(error as Error).message}`);
  }
  return surveysFromText(text, file);
}

/** The surveys of a catalog file's text; `file` names it in the error. */
export function surveysFromText(text: string, file: string): Survey[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CatalogFileError(`Catalog file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  return surveysFromGeoJson(data);
}
