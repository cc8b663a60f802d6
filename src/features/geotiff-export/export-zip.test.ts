import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CogBuilder } from './cog-builder.ts';
import { cogLevels } from './cog-layout.ts';
import { zipExport, zipFiles } from './export-zip.ts';
import { gdalinfo, ogrFeatures } from '../../../core/test/gdal-tools.ts';
import { TILE_BYTES } from './tile-encoding.ts';
import { tileMercatorExtent } from '../../../core/geo/web-mercator.ts';

const dir = mkdtempSync(join(tmpdir(), 'zip-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A 2 × 2-tile COG of noise (so that it does not compress): what the export's worker makes. */
async function smallCog(): Promise<Blob> {
  const [west, , east, north] = tileMercatorExtent({ z: 16, x: 13_600, y: 24_800 });
  const builder = new CogBuilder({
    levels: cogLevels(2, 2),
    georeference: { originX: west, originY: north, pixelSize: (east - west) / 256 },
    planned: [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ],
    description: 'zip test',
  });
  let seed = 1;
  for (const [col, row] of [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ]) {
    const rgba = new Uint8Array(TILE_BYTES);
    for (let i = 0; i < TILE_BYTES; i++) {
      seed = (seed * 16807) % 2147483647;
      rgba[i] = i % 4 === 3 ? 255 : seed & 255;
    }
    await builder.add(col, row, rgba);
  }
  return builder.finish();
}

const json = (value: unknown) => new Blob([JSON.stringify(value)], { type: 'application/json' });

describe('the export as one ZIP, read by GDAL', () => {
  it('holds the GeoTIFF as it is (stored) beside its provenance and STAC Item, each readable in place', async () => {
    const tiff = await smallCog();
    const provenance = json({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { survey_id: 'S1', status: 'exported' }, geometry: null }],
    });
    const stac = json({
      type: 'Feature',
      stac_version: '1.0.0',
      id: 'area-z16',
      geometry: { type: 'Point', coordinates: [-105, 39.7] },
      properties: { datetime: null, gsd: 2.39 },
      assets: { image: { href: './area-z16.tif' } },
    });
    const zip = await zipExport({ name: 'area-z16', tiff, provenance, stac }, new Date('2026-11-26T12:00:00Z'));
    const file = join(dir, 'area-z16.zip');
    writeFileSync(file, Buffer.from(await zip.arrayBuffer()));

    const inside = `/vsizip/${file}`;
    const info = gdalinfo(`${inside}/area-z16.tif`);
    expect(info.size).toEqual([512, 512]);
    expect(info.metadata.IMAGE_STRUCTURE).toMatchObject({ LAYOUT: 'COG' });
    expect(info.bands[0].overviews?.map((o) => o.size)).toEqual([[256, 256]]);
    expect(ogrFeatures(`${inside}/area-z16.provenance.geojson`)[0].properties).toEqual({
      survey_id: 'S1',
      status: 'exported',
    });
    expect(ogrFeatures(`${inside}/area-z16.stac.json`)[0].properties).toEqual({ datetime: null, gsd: 2.39 });

    // The first entry is the GeoTIFF, stored (method 0) byte for byte: a GIS can read it in place.
    const bytes = readFileSync(file);
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    expect(bytes.readUInt16LE(8)).toBe(0);
    const nameLength = bytes.readUInt16LE(26);
    expect(bytes.subarray(30, 30 + nameLength).toString('latin1')).toBe('area-z16.tif');
    const data = 30 + nameLength + bytes.readUInt16LE(28);
    expect(Buffer.compare(bytes.subarray(data, data + tiff.size), Buffer.from(await tiff.arrayBuffer()))).toBe(0);
  });

  it('reads the files in slices (a large GeoTIFF never whole in memory) and writes the same archive', async () => {
    const entries = [
      { name: 'a.bin', blob: new Blob([new Uint8Array(10_000).map((_, i) => (i * 7) & 255)]), deflate: false },
      { name: 'empty.json', blob: new Blob([]), deflate: true },
      {
        name: 'b.geojson',
        blob: json({
          type: 'FeatureCollection',
          features: [{ type: 'Feature', properties: { note: 'x'.repeat(5_000) }, geometry: null }],
        }),
        deflate: true,
      },
    ];
    const modified = new Date('2026-01-02T03:04:06Z');
    const whole = await zipFiles(entries, { modified });
    const sliced = await zipFiles(entries, { modified, readBytes: 999 });
    expect(Buffer.from(await sliced.arrayBuffer())).toEqual(Buffer.from(await whole.arrayBuffer()));
    const file = join(dir, 'sliced.zip');
    writeFileSync(file, Buffer.from(await sliced.arrayBuffer()));
    expect(ogrFeatures(`/vsizip/${file}/b.geojson`)[0].properties.note).toBe('x'.repeat(5_000));
  });

  it('refuses files over 4 GB together, which a ZIP without ZIP64 cannot hold, before reading any', async () => {
    const huge = { size: 4.3e9, slice: () => new Blob([]) } as unknown as Blob;
    await expect(zipFiles([{ name: 'big.tif', blob: huge, deflate: false }], { modified: new Date() })).rejects.toThrow(
      /over 4 GB together/,
    );
  });
});
