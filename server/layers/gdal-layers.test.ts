import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { pointToTile } from '@mapbox/tilebelt';
import type { GdalInfo } from '../../core/test/gdal-tools.ts';
import { testService, type TestService } from '../test/fixtures.ts';

// GDAL's own WMTS and TMS (GDAL_WMS) drivers open our layers over HTTP, as QGIS does (QGIS reads them with GDAL).
// The tools run asynchronously: the service they read listens in this process.

const run = promisify(execFile);
const GDAL_ENV: NodeJS.ProcessEnv = { ...process.env, GDAL_HTTP_TIMEOUT: '30' };
const gdalinfo = async (source: string): Promise<GdalInfo> =>
  JSON.parse((await run('gdalinfo', ['-json', source], { env: GDAL_ENV })).stdout) as GdalInfo;

let service: TestService;
let base: string;
let dir: string;
const SURVEY = '2024Q2-CO-DEN';
const [tx, ty] = pointToTile(-104.98, 39.72, 16);

beforeAll(async () => {
  service = await testService();
  base = await service.app.listen({ port: 0, host: '127.0.0.1' });
  dir = await mkdtemp(path.join(tmpdir(), 'gdal-layers-'));
  // The WMS/WMTS drivers keep a tile cache, by default in the working directory.
  GDAL_ENV.GDAL_DEFAULT_WMS_CACHE_PATH = path.join(dir, 'cache');
});
afterAll(async () => {
  await service.app.close();
  await rm(dir, { recursive: true, force: true });
});

async function makeKey(surveys: string[] | 'all'): Promise<string> {
  const response = await fetch(`${base}/tile-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await service.token()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'GDAL', surveys, expires_in: 3600 }),
  });
  return ((await response.json()) as { key: string }).key;
}

/** RGBA pixels of a PNG file or answer. */
const pixels = (bytes: Buffer): Buffer => PNG.sync.read(bytes).data;

async function serviceTile(): Promise<Buffer> {
  const response = await fetch(`${base}/tile/v2/${SURVEY}/16/${tx}/${ty}.png`, {
    headers: { authorization: `Bearer ${await service.token()}` },
  });
  return Buffer.from(await response.arrayBuffer());
}

/** gdal_translate of a 256×256 pixel window to PNG, read back. */
async function translate(source: string, xOff: number, yOff: number): Promise<Buffer> {
  const out = path.join(dir, `window-${xOff}-${yOff}-${Math.random().toString(36).slice(2)}.png`);
  await run('gdal_translate', ['-q', '-of', 'PNG', '-srcwin', `${xOff}`, `${yOff}`, '256', '256', source, out], {
    env: GDAL_ENV,
  });
  return readFile(out);
}

describe('GDAL reads our layers', () => {
  it('WMTS: lists the key’s layers, and a window of one survey equals the service’s tile', async () => {
    const all = await makeKey('all');
    const listing = await gdalinfo(`WMTS:${base}/wmts/1.0.0/WMTSCapabilities.xml?key=${all}`);
    const subdatasets = Object.values(listing.metadata.SUBDATASETS ?? {}).join('\n');
    expect(subdatasets).toContain(`layer=${SURVEY}`);
    expect(subdatasets).toContain('layer=basemap');

    const one = await makeKey([SURVEY]);
    const source = `WMTS:${base}/wmts/1.0.0/WMTSCapabilities.xml?key=${one},layer=${SURVEY},tilematrix=16`;
    const info = await gdalinfo(source);
    expect(info.coordinateSystem.wkt).toContain('Pseudo-Mercator');
    const [originX, pixelWidth, , originY, , pixelHeight] = info.geoTransform;
    // The window of tile (tx, ty): its top-left corner in EPSG:3857 metres, as pixels of the dataset.
    const world = 20037508.342789244;
    const tileMetres = (2 * world) / 2 ** 16;
    const xOff = Math.round((-world + tx * tileMetres - originX) / pixelWidth);
    const yOff = Math.round((world - ty * tileMetres - originY) / pixelHeight);
    expect(pixels(await translate(source, xOff, yOff)).equals(pixels(await serviceTile()))).toBe(true);
  }, 60_000);

  it('XYZ: the template read through a GDAL TMS description gives the same pixels', async () => {
    const key = await makeKey([SURVEY]);
    const description = path.join(dir, 'xyz.xml');
    const template = `${base}/tiles/${SURVEY}/\${z}/\${x}/\${y}.png?key=${key}`;
    await writeFile(
      description,
      `<GDAL_WMS><Service name="TMS"><ServerUrl>${template}</ServerUrl></Service>
<DataWindow><UpperLeftX>-20037508.342789244</UpperLeftX><UpperLeftY>20037508.342789244</UpperLeftY>
<LowerRightX>20037508.342789244</LowerRightX><LowerRightY>-20037508.342789244</LowerRightY>
<TileLevel>16</TileLevel><TileCountX>1</TileCountX><TileCountY>1</TileCountY><YOrigin>top</YOrigin></DataWindow>
<Projection>EPSG:3857</Projection><BlockSizeX>256</BlockSizeX><BlockSizeY>256</BlockSizeY><BandsCount>4</BandsCount>
</GDAL_WMS>`,
    );
    expect(pixels(await translate(description, tx * 256, ty * 256)).equals(pixels(await serviceTile()))).toBe(true);
  }, 60_000);
});
