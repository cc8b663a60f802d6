/**
 * GDAL as the analyst would run it instead of the viewer's export: `gdal_translate -of COG -co COMPRESS=JPEG` from
 * the service's WMTS (a tile key in the capabilities URL), its tile cache off (`GDAL_ENABLE_WMS_CACHE=NO`).
 */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import type { TileRange } from '../../core/geo/tile-address.ts';
import { tileMercatorExtent } from '../../core/geo/web-mercator.ts';

const GDAL_TRANSLATE = process.env.GDAL_TRANSLATE ?? '/usr/bin/gdal_translate';

export interface GdalCogOptions {
  capabilitiesUrl: string;
  layer: string;
  /** The tiles to read, at their zoom: the window is exactly their extent, so GDAL asks for no others. */
  range: TileRange;
  /** GDAL's `<MaxConnections>`; undefined keeps its default. */
  connections?: number;
  out: string;
  /** Log every HTTP exchange (CPL_CURL_VERBOSE) and count the tile answers by status: for an untimed run. */
  countRequests?: boolean;
}

export interface GdalCogRun {
  seconds: number;
  bytes: number;
  /** Tile answers by HTTP status (the capabilities' own not counted), when counted. */
  answers?: Record<string, number>;
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The GDAL_WMTS description of the layer: JPEG tiles (GDAL would pick PNG where both are offered), 404 and 204 read
 * as empty tiles (GDAL's own defaults for a `WMTS:` URL, which a description replaces), and the connections.
 */
function wmtsDescription({ capabilitiesUrl, layer, range, connections }: GdalCogOptions): string {
  return [
    '<GDAL_WMTS>',
    `<GetCapabilitiesUrl>${xmlText(capabilitiesUrl)}</GetCapabilitiesUrl>`,
    `<Layer>${xmlText(layer)}</Layer>`,
    `<TileMatrix>${range.z}</TileMatrix>`,
    '<Format>image/jpeg</Format>',
    '<Cache/>',
    '<ZeroBlockHttpCodes>204,404</ZeroBlockHttpCodes>',
    '<ZeroBlockOnServerException>true</ZeroBlockOnServerException>',
    connections === undefined ? '' : `<MaxConnections>${connections}</MaxConnections>`,
    '</GDAL_WMTS>',
  ].join('');
}

/** `-projwin ulx uly lrx lry` in EPSG:3857 metres: the outer corners of the range's corner tiles. */
function projectionWindow({ z, minX, minY, maxX, maxY }: TileRange): [number, number, number, number] {
  const [west, , , north] = tileMercatorExtent({ z, x: minX, y: minY });
  const [, south, east] = tileMercatorExtent({ z, x: maxX, y: maxY });
  return [west, north, east, south];
}

/** One gdal_translate run to a JPEG COG with overviews (the COG driver's default), timed from spawn to exit. */
export function gdalCog(options: GdalCogOptions): Promise<GdalCogRun> {
  const args = [
    '-q',
    '-of',
    'COG',
    '-co',
    'COMPRESS=JPEG',
    '-projwin',
    ...projectionWindow(options.range).map(String),
    wmtsDescription(options),
    options.out,
  ];
  const env = {
    ...process.env,
    GDAL_ENABLE_WMS_CACHE: 'NO',
    GDAL_HTTP_TIMEOUT: '60',
    ...(options.countRequests && { CPL_CURL_VERBOSE: 'YES' }),
  };
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(GDAL_TRANSLATE, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    const answers: Record<string, number> = {};
    let tail = '';
    let capabilities = 0;
    child.stderr.on('data', (chunk: Buffer) => {
      const text = tail + chunk.toString('latin1');
      const lines = text.split('\n');
      tail = lines.pop() ?? '';
      for (const line of lines) {
        const status = /^< HTTP\/[\d.]+ (\d{3})/.exec(line)?.[1];
        if (status) answers[status] = (answers[status] ?? 0) + 1;
        else if (/^> GET \S*WMTSCapabilities/.test(line)) capabilities++;
        else if (/^(ERROR|Warning)/.test(line)) errors += `${line}\n`;
      }
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const seconds = (performance.now() - start) / 1000;
      if (code !== 0) return reject(new Error(`gdal_translate exited ${code}: ${errors.slice(0, 2000)}`));
      // The capabilities' answers are not tiles.
      if (answers['200']) answers['200'] -= capabilities;
      resolve({ seconds, bytes: statSync(options.out).size, ...(options.countRequests && { answers }) });
    });
  });
}
