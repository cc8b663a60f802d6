import type { FastifyRequest } from 'fastify';
import type { Catalog } from '../catalog/catalog.ts';
import type { Survey } from '../catalog/survey.ts';
import type { ServiceConfig } from '../config.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import { MAX_TILE_ZOOM, MIN_TILE_ZOOM } from '../../geo/limits.ts';

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
