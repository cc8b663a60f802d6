import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode as encodeJpeg } from 'jpeg-js';
import { afterAll, describe, expect, it } from 'vitest';
import { CogBuilder, type JpegEncoder } from './cog-builder.ts';
import { cogLevels } from './cog-layout.ts';
import { gdalinfo, maskAsAlpha, pixelAt, pixelsAt, validateCog } from '../../../core/test/gdal-tools.ts';
import { OPAQUE_TILE } from './mask-tile.ts';
import { halveAlphaInto } from './pyramid.ts';
import { TILE_BYTES } from './tile-encoding.ts';
import { tileMercatorExtent } from '../../../core/geo/web-mercator.ts';

const dir = mkdtempSync(join(tmpdir(), 'cog-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A tile whose pixels say where they are: red from the column, green from the row, blue from the tile. */
function sourceTile(col: number, row: number): Uint8Array {
  const rgba = new Uint8Array(TILE_BYTES);
  for (let y = 0; y < 256; y++) {
    for (let x = 0; x < 256; x++) {
      const i = (y * 256 + x) * 4;
      rgba[i] = x;
      rgba[i + 1] = y;
      rgba[i + 2] = 40 + col * 60 + row * 20;
      rgba[i + 3] = 255;
    }
  }
  return rgba;
}

const source = (col: number, row: number, x: number, y: number) => [x, y, 40 + col * 60 + row * 20, 255];

async function writeCog(name: string, across: number, down: number, missing: [number, number][], masked = false) {
  const zoom = 16;
  const [x0, y0] = [13_600, 24_800];
  const levels = cogLevels(across, down);
  const [west, , east, north] = tileMercatorExtent({ z: zoom, x: x0, y: y0 });
  const georeference = { originX: west, originY: north, pixelSize: (east - west) / 256 };
  const planned: [number, number][] = [];
  for (let row = 0; row < down; row++)
    for (let col = 0; col < across; col++)
      if (!missing.some(([c, r]) => c === col && r === row)) planned.push([col, row]);
  const builder = new CogBuilder({ levels, georeference, planned, description: 'test export' });
  for (const [col, row] of planned) {
    const rgba = sourceTile(col, row);
    // The masked tile loses its left half, as the area's outline would cut it.
    if (masked && col === 1 && row === 0)
      for (let i = 0; i < TILE_BYTES; i += 4) if ((i / 4) % 256 < 128) rgba[i + 3] = 0;
    await builder.add(col, row, rgba);
  }
  expect(builder.held).toBe(0);
  const file = join(dir, `${name}.tif`);
  writeFileSync(file, Buffer.from(await builder.finish().arrayBuffer()));
  return { file, georeference, levels };
}

describe('the COG writer, read back by GDAL', () => {
  it('writes a georeferenced, tiled, deflated RGBA COG with overviews that GDAL reports as LAYOUT=COG', async () => {
    const { file, georeference } = await writeCog('grid', 3, 2, [[2, 1]], true);
    const info = gdalinfo(file);
    expect(info.driverShortName).toBe('GTiff');
    expect(info.size).toEqual([768, 512]);
    expect(info.coordinateSystem.wkt).toContain('WGS 84 / Pseudo-Mercator');
    expect(info.coordinateSystem.wkt).toMatch(/ID\["EPSG",3857\]\]$/);
    const [ox, px, rx, oy, ry, py] = info.geoTransform;
    expect(ox).toBeCloseTo(georeference.originX, 6);
    expect(oy).toBeCloseTo(georeference.originY, 6);
    expect(px).toBeCloseTo(georeference.pixelSize, 9);
    expect(py).toBeCloseTo(-georeference.pixelSize, 9);
    expect([rx, ry]).toEqual([0, 0]);
    // z16 tiles are 611.5 m wide: 2.39 m pixels.
    expect(px).toBeCloseTo(611.49622628141 / 256, 6);
    expect(info.metadata.IMAGE_STRUCTURE).toMatchObject({ LAYOUT: 'COG', COMPRESSION: 'DEFLATE', INTERLEAVE: 'PIXEL' });
    expect(info.bands.map((b) => b.colorInterpretation)).toEqual(['Red', 'Green', 'Blue', 'Alpha']);
    expect(info.bands[0].block).toEqual([256, 256]);
    expect(info.bands[0].overviews?.map((o) => o.size)).toEqual([
      [384, 256],
      [192, 128],
    ]);
    expect(validateCog(file)).toMatch(/is a valid cloud optimized GeoTIFF/);
  });

  it('keeps every pixel value of the source tiles, and leaves what is masked or missing transparent', async () => {
    const { file } = await writeCog('values', 3, 2, [[2, 1]], true);
    for (const [col, row, x, y] of [
      [0, 0, 0, 0],
      [0, 0, 255, 255],
      [2, 0, 17, 200],
      [0, 1, 130, 3],
      [1, 1, 255, 0],
      [1, 0, 200, 100],
    ]) {
      expect(pixelAt(file, col * 256 + x, row * 256 + y)).toEqual(source(col, row, x, y));
    }
    expect(pixelAt(file, 256 + 10, 50)[3]).toBe(0); // masked half of tile (1, 0)
    expect(pixelAt(file, 2 * 256 + 100, 256 + 100)[3]).toBe(0); // tile (2, 1) was never there
  });

  it('builds each overview pixel as the alpha-weighted mean of its 2 × 2 block', async () => {
    const { file } = await writeCog('overview', 3, 2, [[2, 1]], true);
    // gdallocationinfo takes full-resolution pixels: (20, 40) falls in overview pixel (10, 20), the block at
    // (20..21, 40..41) of tile (0, 0), whose means 20.5 and 40.5 round to even.
    expect(pixelAt(file, 20, 40, 0)).toEqual([20, 40, 40, 255]);
    // In the masked tile's left half the block is transparent; in its right half, opaque.
    expect(pixelAt(file, 256 + 10, 40, 0)[3]).toBe(0);
    expect(pixelAt(file, 256 + 200, 40, 0)).toEqual([200, 40, 100, 255]);
    // The missing tile's quarter of overview 1 is transparent.
    expect(pixelAt(file, 512 + 100, 256 + 100, 0)[3]).toBe(0);
    // Overview 2 halves overview 1: (100, 300) is tile (0, 1)'s 4 × 4 block at (100..103, 44..47); overview 1 made
    // 100 and 102 of its columns and 44 and 46 of its rows, whose means are 101 and 45.
    expect(pixelAt(file, 100, 300, 1)).toEqual([101, 45, 60, 255]);
  });

  it('orders levels as GDAL sizes them, down to one tile', () => {
    expect(cogLevels(1, 1).map((l) => [l.width, l.height])).toEqual([[256, 256]]);
    expect(cogLevels(5, 2).map((l) => [l.tilesAcross, l.tilesDown])).toEqual([
      [5, 2],
      [3, 1],
      [2, 1],
      [1, 1],
    ]);
  });
});

/** jpeg-js writes 4:4:4 (as the demo service's JPEG tiles are): alpha is dropped. */
const jpegOf = (rgba: Uint8Array | Uint8ClampedArray): Uint8Array =>
  new Uint8Array(encodeJpeg({ width: 256, height: 256, data: Buffer.from(rgba) }, 85).data);
const encoder: JpegEncoder = async (rgba, sampling) => {
  if (sampling !== 1) throw new Error('jpeg-js writes 4:4:4 only');
  return jpegOf(rgba);
};

describe('the COG writer with JPEG imagery and an internal mask, read back by GDAL', () => {
  const zoom = 16;
  const [x0, y0] = [13_600, 24_800];
  const [west, , east, north] = tileMercatorExtent({ z: zoom, x: x0, y: y0 });
  const georeference = { originX: west, originY: north, pixelSize: (east - west) / 256 };

  /** 3 × 2 tiles, (2, 1) missing, (1, 0) masked on its left half; tile (0, 1) sent as PNG-like bytes (re-encoded). */
  async function writeJpegCog(name: string) {
    const levels = cogLevels(3, 2);
    const planned: [number, number][] = [
      [0, 0],
      [1, 0],
      [2, 0],
      [0, 1],
      [1, 1],
    ];
    const builder = new CogBuilder({
      levels,
      georeference,
      planned,
      description: 'test export',
      imagery: { kind: 'jpeg', encode: encoder, overviewSampling: 1 },
    });
    const sent = new Map<string, Uint8Array>();
    for (const [col, row] of planned) {
      const rgba = sourceTile(col, row);
      const bytes = col === 0 && row === 1 ? new Uint8Array([0x89, 0x50, 0x4e, 0x47]) : jpegOf(rgba);
      sent.set(`${col}/${row}`, bytes);
      if (col === 1 && row === 0) for (let i = 0; i < TILE_BYTES; i += 4) if ((i / 4) % 256 < 128) rgba[i + 3] = 0;
      await builder.add(col, row, rgba, bytes);
    }
    const file = join(dir, `${name}.tif`);
    writeFileSync(file, Buffer.from(await builder.finish().arrayBuffer()));
    return { file, sent };
  }

  it('writes a YCbCr JPEG COG with a per-dataset mask that GDAL reports as LAYOUT=COG and validates', async () => {
    const { file } = await writeJpegCog('jpeg-grid');
    const info = gdalinfo(file);
    expect(info.size).toEqual([768, 512]);
    expect(info.coordinateSystem.wkt).toMatch(/ID\["EPSG",3857\]\]$/);
    expect(info.geoTransform[0]).toBeCloseTo(georeference.originX, 6);
    expect(info.metadata.IMAGE_STRUCTURE).toMatchObject({ LAYOUT: 'COG', COMPRESSION: 'YCbCr JPEG' });
    expect(info.bands.map((b) => b.colorInterpretation)).toEqual(['Red', 'Green', 'Blue']);
    expect(info.bands[0].mask?.flags).toEqual(['PER_DATASET']);
    expect(info.bands[0].mask?.overviews?.map((o) => o.size)).toEqual([
      [384, 256],
      [192, 128],
    ]);
    expect(info.bands[0].overviews?.map((o) => o.size)).toEqual([
      [384, 256],
      [192, 128],
    ]);
    expect(validateCog(file)).toMatch(/is a valid cloud optimized GeoTIFF/);
  });

  it("keeps the service's JPEG bytes: GDAL reads each full-resolution pixel as it reads the tile alone", async () => {
    const { file, sent } = await writeJpegCog('jpeg-values');
    const points: [number, number][] = [
      [0, 0],
      [255, 255],
      [17, 200],
      [200, 100],
    ];
    for (const [col, row] of [
      [0, 0],
      [2, 0],
      [1, 1],
      [1, 0],
    ]) {
      const tileFile = join(dir, `sent-${col}-${row}.jpg`);
      writeFileSync(tileFile, sent.get(`${col}/${row}`)!);
      const alone = pixelsAt(tileFile, points).map((v) => v.slice(0, 3));
      const inFile = pixelsAt(
        file,
        points.map(([x, y]) => [col * 256 + x, row * 256 + y]),
      ).map((v) => v.slice(0, 3));
      expect(inFile).toEqual(alone);
    }
    // The tile sent as something else was encoded here: near its pixels, not equal to bytes it never had.
    const [r, g, b] = pixelAt(file, 130, 256 + 3);
    const [er, eg, eb] = source(0, 1, 130, 3);
    expect(Math.abs(r - er) + Math.abs(g - eg) + Math.abs(b - eb)).toBeLessThan(12);
  });

  it('masks what the area leaves out and what is missing, at full resolution and in the overviews', async () => {
    const { file } = await writeJpegCog('jpeg-mask');
    const full = maskAsAlpha(file);
    expect(pixelAt(full, 256 + 10, 50)[3]).toBe(0); // masked half of tile (1, 0)
    expect(pixelAt(full, 256 + 200, 50)[3]).toBe(255);
    expect(pixelAt(full, 2 * 256 + 100, 256 + 100)[3]).toBe(0); // tile (2, 1) was never there
    expect(pixelAt(full, 100, 256 + 100)[3]).toBe(255);
    const overview = maskAsAlpha(file, 0);
    expect(pixelAt(overview, (256 + 10) / 2, 25)[3]).toBe(0);
    expect(pixelAt(overview, (256 + 200) / 2, 25)[3]).toBe(255);
    expect(pixelAt(overview, (512 + 100) / 2, (256 + 100) / 2)[3]).toBe(0);
    // The overview's colours are the 2 × 2 means of the tiles' pixels (JPEG's losses aside).
    const [r, g] = pixelAt(overview, 10, 20);
    expect(Math.abs(r - 20.5) + Math.abs(g - 40.5)).toBeLessThan(8);
  });

  it('takes the overview of a tile kept as sent from its half-size pixels, and its mask from the area', async () => {
    const builder = new CogBuilder({
      levels: cogLevels(2, 1),
      georeference,
      planned: [
        [0, 0],
        [1, 0],
      ],
      description: 'test export',
      imagery: { kind: 'jpeg', encode: encoder, overviewSampling: 1 },
    });
    const sent = [jpegOf(sourceTile(0, 0)), jpegOf(sourceTile(1, 0))];
    expect(builder.storesAsSent(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    expect(builder.storesAsSent(sent[0])).toBe(true);
    /** The tiles as decoded at half size: one colour each, unlike their full-size pixels. */
    const quarter = (blue: number) => {
      const pixels = new Uint8Array(TILE_BYTES / 4);
      for (let p = 0; p < pixels.length; p += 4) pixels.set([200, 100, blue, 255], p);
      return pixels;
    };
    await builder.add(0, 0, OPAQUE_TILE, sent[0], quarter(10));
    // The second tile's left half is outside the area: its full-size pixels are that mask.
    const mask = new Uint8ClampedArray(TILE_BYTES).fill(255);
    for (let p = 0; p < 256 * 256; p++) if (p % 256 < 128) mask[p * 4 + 3] = 0;
    const halfMasked = quarter(250);
    halveAlphaInto(halfMasked, mask);
    await builder.add(1, 0, mask, sent[1], halfMasked);
    const file = join(dir, 'jpeg-quarters.tif');
    writeFileSync(file, Buffer.from(await builder.finish().arrayBuffer()));

    const alone = join(dir, 'sent-0-0-quarters.jpg');
    writeFileSync(alone, sent[0]);
    expect(pixelAt(file, 17, 200).slice(0, 3)).toEqual(pixelAt(alone, 17, 200).slice(0, 3));
    const full = maskAsAlpha(file);
    expect(pixelAt(full, 256 + 10, 50)[3]).toBe(0);
    expect(pixelAt(full, 256 + 200, 50)[3]).toBe(255);
    const overview = maskAsAlpha(file, 0);
    const [r, g, b] = pixelAt(overview, 20, 20);
    expect(Math.abs(r - 200) + Math.abs(g - 100) + Math.abs(b - 10)).toBeLessThan(8);
    expect(pixelAt(overview, 128 + 10, 20)[3]).toBe(0);
    const [, , blue, alpha] = pixelAt(overview, 128 + 100, 20);
    expect([Math.abs(blue - 250) < 8, alpha]).toEqual([true, 255]);
  });
});
