import type { FastifyRequest } from 'fastify';
import type { Catalog } from '../catalog/catalog.ts';
import type { Survey } from '../catalog/survey.ts';
import type { ServiceConfig } from '../config.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import { MAX_TILE_ZOOM, MIN_TILE_ZOOM } from '../../core/wire/limits.ts';

/** The type of an answer whose JSON was written elsewhere (a coverage worker, a cache). */
export const JSON_TYPE = 'application/json; charset=utf-8';

export function checkZoom(zoom: number): number {
  if (zoom < MIN_TILE_ZOOM || zoom > MAX_TILE_ZOOM) {
    throw unprocessable(
      `zoom ${zoom} is outside the supported range ${MIN_TILE_ZOOM}–${MAX_TILE_ZOOM}.`,
      'zoom_out_of_range',
    );
  }
  return zoom;
}

export function checkDay(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    throw badRequest(`${name} "${value}" is not a real date (YYYY-MM-DD).`);
  return value;
}

export function surveyOrNotFound(catalog: Catalog, id: string): Survey {
  const survey = catalog.get(id);
  if (!survey) throw notFound(`No survey with id "${id}".`, 'survey_not_found');
  return survey;
}

/** The base URL clients see: PUBLIC_URL when configured, else what the request (or its proxy) says. */
export function baseUrlOf(config: ServiceConfig, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * A window bound of `mosaic_updates` as epoch milliseconds: ISO 8601 with a time zone, the legacy
 * "YYYY-MM-DD HH:MM:SS UTC", or a date alone (its midnight UTC).
 */
export function checkTime(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const legacy = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) UTC$/.exec(value);
  const iso = legacy ? `${legacy[1]}T${legacy[2]}Z` : /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
  const wellFormed = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(iso);
  const time = wellFormed ? Date.parse(iso) : Number.NaN;
  // A real day (Date.parse rolls 2025-02-30 over into March).
  const day = iso.slice(0, 10);
  if (Number.isNaN(time) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day)
    throw badRequest(
      `${name} "${value}" is not a time: use ISO 8601 (2025-06-01T00:00:00Z), YYYY-MM-DD or "YYYY-MM-DD HH:MM:SS UTC".`,
      'invalid_time',
    );
  return time;
}
