import type { TileAddress } from '../../core/geo/tile-address.ts';
import { isValidTile } from '../../core/geo/tile-address.ts';
import { badRequest } from '../errors.ts';
import type { TileFormat } from '../imagery/source.ts';
import { checkZoom } from './checks.ts';

/** A tile as a request names it: integers in range at a supported zoom, and the image format its suffix asks for. */
export interface RequestedTile extends TileAddress {
  format: TileFormat;
}

/**
 * The one reading of a request's z/x/y (TileParams) — the service's tile routes, the tile-key routes and the gateway
 * all use it: digits only (with an optional .png, .jpeg or .jpg suffix on y), zoom 14–21, x and y within the zoom.
 */
export function parseTileAddress(params: { z: string; x: string; y: string }): RequestedTile {
  const yMatch = /^(\d+)(?:\.(png|jpe?g))?$/i.exec(params.y);
  if (!/^\d+$/.test(params.z) || !/^\d+$/.test(params.x) || !yMatch) {
    throw badRequest(
      `"${params.z}/${params.x}/${params.y}" is not a tile address; use integers z/x/y with an optional .png, ` +
        `.jpeg or .jpg suffix.`,
      'invalid_tile_address',
    );
  }
  const z = checkZoom(Number(params.z));
  const x = Number(params.x);
  const y = Number(yMatch[1]);
  if (!isValidTile({ z, x, y }))
    throw badRequest(
      `Tile ${z}/${x}/${y} does not exist: x and y must be within 0–${2 ** z - 1} at zoom ${z}.`,
      'tile_out_of_range',
    );
  const format: TileFormat = yMatch[2] && yMatch[2].toLowerCase() !== 'png' ? 'jpeg' : 'png';
  return { z, x, y, format };
}
