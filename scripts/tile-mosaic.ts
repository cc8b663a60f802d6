/**
 * Render the README picture docs/tiles.png: for one demo survey, a 2×2 block of tiles at each of
 * z15, z16, z17 and z18 around a point inside the footprint where there are houses, side by side.
 *
 *   npx tsx scripts/tile-mosaic.ts [surveyId] [--out docs/tiles.png] [--edge /tmp/edge.png] [--at lon,lat]
 *
 * --edge also writes a 2×2 block of z14 tiles on the footprint boundary (transparent outside) on a
 * checkerboard, to check the edge handling.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PNG } from 'pngjs';
import * as turf from '@turf/turf';
import { demoCatalog } from '../server/catalog/demo';
import type { Survey } from '../server/catalog/survey';
import { groundClassAt, renderTile, tileIntersectsFootprint } from '../server/imagery/render';
import { tileCoordinates } from '../core/geo/tile-address.ts';

const T = 256;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const positional = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith('--') && !(i > 0 && all[i - 1].startsWith('--')));
const catalog = demoCatalog();
const wanted = positional[0] ?? '2025-P01-UT-SLC';
const survey: Survey = catalog.find((s) => s.id === wanted) ?? catalog[0];
const outPath = arg('--out') ?? 'docs/tiles.png';

/** A point inside the footprint with houses around, closest to the footprint's centre. */
function findHousePoint(s: Survey): [number, number] {
  const at = arg('--at');
  if (at) {
    const [lon, lat] = at.split(',').map(Number);
    return [lon, lat];
  }
  const [w, so, e, n] = s.bbox;
  const c = turf.centroid(s.footprint).geometry.coordinates;
  let best: [number, number] = [c[0], c[1]];
  let bestD = Infinity;
  const N = 48;
  for (let j = 1; j < N; j++) {
    for (let i = 1; i < N; i++) {
      const lon = w + ((e - w) * i) / N;
      const lat = so + ((n - so) * j) / N;
      if (!turf.booleanPointInPolygon([lon, lat], s.footprint)) continue;
      // count houses in a small neighbourhood (~100 m)
      let houses = 0;
      for (let k = 0; k < 9; k++) {
        const dl = ((k % 3) - 1) * 0.0006;
        const dt = (Math.floor(k / 3) - 1) * 0.0005;
        if (groundClassAt(s, lon + dl, lat + dt) === 'house') houses++;
      }
      if (houses < 2) continue;
      const d = Math.hypot(lon - c[0], lat - c[1]);
      if (d < bestD) {
        bestD = d;
        best = [lon, lat];
      }
    }
  }
  return best;
}

function blit(dst: PNG, src: Uint8Array | null, ox: number, oy: number, checker: boolean): void {
  for (let j = 0; j < T; j++) {
    for (let i = 0; i < T; i++) {
      const d = ((oy + j) * dst.width + ox + i) * 4;
      const bg = checker ? (((i >> 4) + (j >> 4)) & 1 ? 200 : 235) : 230;
      if (!src) {
        dst.data[d] = dst.data[d + 1] = dst.data[d + 2] = bg;
        dst.data[d + 3] = 255;
        continue;
      }
      const s = (j * T + i) * 4;
      const a = src[s + 3] / 255;
      dst.data[d] = Math.round(src[s] * a + bg * (1 - a));
      dst.data[d + 1] = Math.round(src[s + 1] * a + bg * (1 - a));
      dst.data[d + 2] = Math.round(src[s + 2] * a + bg * (1 - a));
      dst.data[d + 3] = 255;
    }
  }
}

const [lon, lat] = findHousePoint(survey);
const zooms = [15, 16, 17, 18];
const gap = 8;
const img = new PNG({ width: zooms.length * 2 * T + (zooms.length - 1) * gap, height: 2 * T });
img.data.fill(255);
let tiles = 0;
let ms = 0;
zooms.forEach((z, zi) => {
  const [xf, yf] = tileCoordinates(lon, lat, z);
  const x0 = Math.round(xf) - 1;
  const y0 = Math.round(yf) - 1;
  for (let dy = 0; dy < 2; dy++) {
    for (let dx = 0; dx < 2; dx++) {
      const t0 = performance.now();
      const rgba = renderTile(survey, z, x0 + dx, y0 + dy);
      ms += performance.now() - t0;
      tiles++;
      blit(img, rgba, zi * (2 * T + gap) + dx * T, dy * T, true);
    }
  }
});
mkdirSync(dirname(outPath), { recursive: true });
writeFileSync(outPath, PNG.sync.write(img, { deflateLevel: 9, filterType: 4 }));
console.log(
  `${survey.id} (${survey.captureStart}, cloud ${survey.cloudCover}%) at ${lon.toFixed(5)},${lat.toFixed(5)}: ` +
    `${tiles} tiles in ${ms.toFixed(0)} ms (${(ms / tiles).toFixed(1)} ms/tile) → ${outPath}`,
);

const edgeOut = arg('--edge');
if (edgeOut) {
  // z14 tiles on the footprint's western edge, at the latitude of the point (the footprint is
  // made of z15 cells, so the staircase boundary runs through the tiles).
  const z = 14;
  const [xf, yf] = tileCoordinates(lon, lat, z);
  let x = Math.floor(xf);
  const y = Math.floor(yf);
  while (tileIntersectsFootprint(survey, z, x - 1, y)) x--;
  const edge = new PNG({ width: 2 * T, height: 2 * T });
  for (let dy = 0; dy < 2; dy++) {
    for (let dx = 0; dx < 2; dx++) blit(edge, renderTile(survey, z, x - 1 + dx, y + dy), dx * T, dy * T, true);
  }
  mkdirSync(dirname(edgeOut), { recursive: true });
  writeFileSync(edgeOut, PNG.sync.write(edge));
  console.log(`edge tiles z${z}/${x - 1}..${x}/${y}..${y + 1} → ${edgeOut}`);
}
