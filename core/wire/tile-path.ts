/** The interface's tile routes: a survey's tiles, and (given a capture id, its `mosaic_stac_id`) one capture's. */
const PREFIX = '/tile/v2/';

/** A tile's address in a path: numbers, or MapLibre's placeholders for an XYZ template. */
type Coordinate = number | '{z}' | '{x}' | '{y}';

export interface TilePath {
  surveyId: string;
  /** One capture of the survey (the historical route), or null for its newest imagery. */
  captureId: string | null;
  z: number;
  x: number;
  y: number;
}

/** The XYZ placeholders, for a template of a survey's tiles. */
export const XYZ = { z: '{z}', x: '{x}', y: '{y}' } as const;

/** `/tile/v2/{survey}[/{capture}]/{z}/{x}/{y}`, each id one path segment. */
export function tilePath(
  surveyId: string,
  captureId: string | null,
  { z, x, y }: { z: Coordinate; x: Coordinate; y: Coordinate },
): string {
  const capture = captureId === null ? '' : `/${encodeURIComponent(captureId)}`;
  return `${PREFIX}${encodeURIComponent(surveyId)}${capture}/${z}/${x}/${y}`;
}

const TILE_PATH = /^\/tile\/v2\/([^/]+)\/(?:([^/]+)\/)?(\d+)\/(\d+)\/(\d+)$/;

/** A tile path read back (after the service's base URL); null for any other path (the survey list's, a footprint…). */
export function parseTilePath(path: string): TilePath | null {
  const match = TILE_PATH.exec(path);
  if (!match) return null;
  const [, survey, capture, z, x, y] = match;
  return {
    surveyId: decodeURIComponent(survey),
    captureId: capture === undefined ? null : decodeURIComponent(capture),
    z: Number(z),
    x: Number(x),
    y: Number(y),
  };
}
