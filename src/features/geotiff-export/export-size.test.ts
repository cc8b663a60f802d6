import { decode as decodeJpeg, encode as encodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, startService } from '../../test/running-service.ts';
import { normaliseCoverage, normaliseTileMetadata } from '../../../core/wire/normalise.ts';
import type { JpegEncoder } from './cog-builder.ts';
import { type ExportCompression, isPlan, newestTiles, planExport } from './export-plan.ts';
import { runExport } from './export-run.ts';
import { estimatedFileBytes, tilesPerLevel } from './export-size.ts';
import { HALF, halveInto } from './pyramid.ts';
import { selectTiles } from './tile-selection.ts';

let service: RunningService;
beforeAll(async () => {
  service = await startService();
}, 60_000);
afterAll(() => service.stop());

/** jpeg-js writes 4:4:4 only: overview tiles a little heavier than the browser's 4:2:0 ones. */
const overviewEncoder: JpegEncoder = async (rgba) =>
  new Uint8Array(encodeJpeg({ width: 256, height: 256, data: Buffer.from(rgba) }, 90).data);

async function decode(image: Uint8Array, size = 256) {
  const full =
    image[0] === 0xff
      ? decodeJpeg(image, { useTArray: true, formatAsRGBA: true }).data
      : new Uint8Array(PNG.sync.read(Buffer.from(image)).data);
  if (size === 256) return full;
  const quarter = new Uint8ClampedArray(HALF * HALF * 4);
  halveInto(quarter, full, 0, 0, HALF);
  return quarter;
}

/** A real export of one survey's tiles in the area: the reference service's imagery through this writer. */
async function exportOf(wkt: string, surveyId: string, zoom: number, compression: ExportCompression) {
  const q = encodeURIComponent(wkt);
  const survey = normaliseCoverage(await (await service.get(`/tile/v2/surveys/coverage?wkt=${q}`)).json()).find(
    (s) => s.id === surveyId,
  )!;
  const items = normaliseTileMetadata(
    await (await service.get(`/tile/v2/${surveyId}/coverage?wkt=${q}&zoom=${zoom}`)).json(),
  );
  const plan = planExport(
    zoom,
    selectTiles([{ ...survey, surveyId, tiles: newestTiles(surveyId, items) }], {
      rule: 'selected-survey',
      maxCloudCover: null,
    }),
  );
  if (!isPlan(plan)) throw new Error('no plan');
  const { tiff } = await runExport(
    {
      fetchTile: async (tile) => {
        const url = new URL(tile.url);
        const answer = await service.get(`${url.pathname}${compression === 'jpeg' ? '.jpeg' : ''}`);
        return answer.status === 404 ? null : new Uint8Array(await answer.arrayBuffer());
      },
      decode,
      mask: () => null,
      imagery: compression === 'jpeg' ? { kind: 'jpeg', encode: overviewEncoder, overviewSampling: 1 } : undefined,
    },
    {
      plan,
      description: 'size test',
      concurrency: 4,
      maxRetries: 0,
      signal: new AbortController().signal,
      onProgress: () => {},
      onRequest: () => {},
    },
  );
  return { plan, size: tiff.size };
}

/** Central Denver, about 1.3 km × 1.1 km: 20 tiles at z17. */
const CENTRAL = 'POLYGON((-104.995 39.735, -104.98 39.735, -104.98 39.745, -104.995 39.745, -104.995 39.735))';

describe('the estimated file size', () => {
  it('counts the overview tiles the file will hold', () => {
    const x = Uint32Array.from([10, 11, 12, 13, 10]);
    const y = Uint32Array.from([20, 20, 20, 20, 23]);
    const plan = { tiles: { length: 5, x, y } as never, levels: [{}, {}, {}] as never, x0: 10, y0: 20 };
    expect(tilesPerLevel(plan)).toEqual([5, 3, 1]);
  });

  // The walk that found it: "16.0 MB" estimated for a 6.2 MB file. Each real export now falls within the range shown,
  // in a survey whose tiles are among the lightest (2023-P01, a smooth, cloudy one) and one among the heaviest.
  for (const surveyId of ['2023-P01-CO-DEN', '2025Q3-CO-DEN'])
    for (const compression of ['jpeg', 'deflate'] as const)
      it(`holds a real ${compression} export of ${surveyId} within its range`, async () => {
        const { plan, size } = await exportOf(CENTRAL, surveyId, 17, compression);
        expect(plan.tiles.length).toBeGreaterThanOrEqual(12);
        const { low, high } = estimatedFileBytes(plan, compression);
        expect(
          size,
          `${(size / 1024).toFixed(0)} KB in ${(low / 1024).toFixed(0)}–${(high / 1024).toFixed(0)}`,
        ).toBeGreaterThanOrEqual(low);
        expect(size).toBeLessThanOrEqual(high);
        // A range, not a shrug: at most six times from its least to its most.
        expect(high / low).toBeLessThanOrEqual(6);
      }, 60_000);
});
