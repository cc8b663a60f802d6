/** The change benchmark's worker (piscina): a location's truth from the renderer's scene model, or its imagery. */
import { decode as decodeJpeg } from 'jpeg-js';
import { encodeJpeg } from '../../server/imagery/encode.ts';
import { renderTile } from '../../server/imagery/render.ts';
import { tileTruth } from '../../server/imagery/render/built-state.ts';
import { reduceTile } from '../../src/features/change/index.ts';
import { REDUCED_SIZE } from '../../src/features/change/reduce-tile.ts';
import { captureOf, type Location, locationTiles } from './locations.ts';

export type TruthJob = { kind: 'truth' | 'imagery'; location: Location };

/**
 * Per cell of the four tiles (tile by tile, 256 cells each): the share of it whose built state changed, and the share
 * under cloud in either capture.
 */
export interface LocationCells {
  changed: Float32Array;
  cloud: Float32Array;
}

const REDUCED_BYTES = REDUCED_SIZE * REDUCED_SIZE * 4;

function truthOf(location: Location): LocationCells {
  const cells = { changed: new Float32Array(1024), cloud: new Float32Array(1024) };
  for (const [t, tile] of locationTiles(location).entries()) {
    const truth = tileTruth(captureOf(location.before), captureOf(location.after), tile.z, tile.x, tile.y);
    cells.changed.set(truth.changed, t * 256);
    cells.cloud.set(truth.cloud, t * 256);
  }
  return cells;
}

/**
 * The eight tiles as the engine sees them: each sent as the service sends a JPEG tile (its encoder), decoded and
 * reduced 4 × 4 — what the browser's decoder gives the engine directly, scaling as it decodes (within a level or two) —
 * the four of the earlier capture, then the later one's.
 */
function imageryOf(location: Location): Uint8ClampedArray {
  const out = new Uint8ClampedArray(8 * REDUCED_BYTES);
  const tiles = locationTiles(location);
  for (const [c, ref] of [location.before, location.after].entries()) {
    for (const [t, { z, x, y }] of tiles.entries()) {
      const rgba = renderTile(captureOf(ref), z, x, y);
      if (!rgba) throw new Error(`no imagery for ${ref.surveyId} at ${z}/${x}/${y}`);
      const sent = decodeJpeg(encodeJpeg(rgba), { useTArray: true }).data;
      reduceTile(sent, out.subarray((c * 4 + t) * REDUCED_BYTES, (c * 4 + t + 1) * REDUCED_BYTES));
    }
  }
  return out;
}

export default function work(job: TruthJob): LocationCells | Uint8ClampedArray {
  return job.kind === 'truth' ? truthOf(job.location) : imageryOf(job.location);
}
