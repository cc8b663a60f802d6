import { parseMosaicStacId } from '../../core/geo/mosaic-stac-id.ts';
import type { TileAddress } from '../../core/geo/tile-address.ts';

/**
 * A compared side: a survey's imagery (its id), or one capture of it, "survey/capture" (`mosaic_stac_id`: its tiles
 * come from the historical tile route). Survey ids are path segments, so they hold no "/".
 */
export interface ComparedImagery {
  surveyId: string;
  capture: { id: string; captureStart: string; captureEnd: string; tile: TileAddress } | null;
}

export const captureSide = (surveyId: string, captureId: string): string => `${surveyId}/${captureId}`;

export function parseSide(side: string): ComparedImagery {
  const slash = side.indexOf('/');
  if (slash < 0) return { surveyId: side, capture: null };
  const id = side.slice(slash + 1);
  const parsed = parseMosaicStacId(id);
  return {
    surveyId: side.slice(0, slash),
    capture: parsed && { id, captureStart: parsed.captureStart, captureEnd: parsed.captureEnd, tile: parsed.tile },
  };
}
