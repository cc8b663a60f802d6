import type { BBox } from 'geojson';
import type { Connection } from '../../api/connection.ts';
import { tileUrlTemplate } from '../../api/tiles.ts';
import type { CompareSideSpec } from './compare-imagery.ts';
import { tileExtent } from '../../../core/geo/tile-address.ts';
import { parseSide } from '../../catalog/compared-imagery.ts';

/**
 * What the map draws for a compared imagery: a survey's tiles within its footprint, or one capture of it by capture id,
 * asked only within the capture's zoom-14 tile.
 */
export function sideImagery(connection: Connection, side: string, footprintBounds: BBox | null): CompareSideSpec {
  const { surveyId, capture } = parseSide(side);
  return {
    surveyId,
    tiles: tileUrlTemplate(connection, surveyId, {}, capture?.id),
    bounds: capture ? tileExtent(capture.tile) : footprintBounds,
  };
}
