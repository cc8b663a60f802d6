import { execFileSync } from 'node:child_process';

/** GDAL's own tools (Debian gdal-bin), which read our exports in the tests as a user's GIS would. */

export interface GdalInfo {
  driverShortName: string;
  size: [number, number];
  coordinateSystem: { wkt: string };
  geoTransform: number[];
  metadata: Record<string, Record<string, string>>;
  bands: {
    band: number;
    colorInterpretation: string;
    overviews?: { size: [number, number] }[];
    block: number[];
    mask?: { flags: string[]; overviews?: { size: [number, number] }[] };
  }[];
}

export const gdalinfo = (file: string): GdalInfo =>
  JSON.parse(execFileSync('gdalinfo', ['-json', file], { encoding: 'utf8' })) as GdalInfo;

/** The RGBA values of pixel (x, y); `overview` 0 is the first overview. */
export function pixelAt(file: string, x: number, y: number, overview?: number): number[] {
  const args = [
    '-valonly',
    ...(overview === undefined ? [] : ['-overview', String(overview + 1)]),
    file,
    `${x}`,
    `${y}`,
  ];
  return execFileSync('gdallocationinfo', args, { encoding: 'utf8' }).trim().split(/\s+/).map(Number);
}

/**
 * The band values (RGBA, or RGB) of many pixels at once (gdallocationinfo reads "x y" lines): full resolution, or of
 * an overview (0 is the first).
 */
export function pixelsAt(file: string, points: readonly (readonly [number, number])[], overview?: number): number[][] {
  if (points.length === 0) return [];
  const at = overview === undefined ? [] : ['-overview', String(overview + 1)];
  const output = execFileSync('gdallocationinfo', ['-valonly', ...at, file], {
    encoding: 'utf8',
    input: `${points.map(([x, y]) => `${x} ${y}`).join('\n')}\n`,
  });
  const values = output.trim().split(/\s+/).map(Number);
  const bands = values.length / points.length;
  return points.map((_, i) => values.slice(i * bands, (i + 1) * bands));
}

/** GDAL's COG validator (validate_cloud_optimized_geotiff.py from python3-gdal, which gdal-bin depends on). */
export function validateCog(file: string): string {
  return execFileSync(
    '/usr/bin/python3',
    ['-m', 'osgeo_utils.samples.validate_cloud_optimized_geotiff', '--full-check=yes', file],
    { encoding: 'utf8' },
  );
}

/**
 * A copy of a masked file (JPEG imagery with an internal mask) with the mask as a fourth band, so that pixelAt and
 * pixelsAt read [red, green, blue, mask]; `overview` 0 copies the first overview.
 */
export function maskAsAlpha(file: string, overview?: number): string {
  const copy = `${file}.${overview ?? 'full'}.rgbm.tif`;
  const level = overview === undefined ? [] : ['-ovr', String(overview)];
  execFileSync('gdal_translate', ['-q', ...level, '-b', '1', '-b', '2', '-b', '3', '-b', 'mask', file, copy]);
  return copy;
}

/** The features OGR reads from a vector file (GeoJSON, …), as it writes them back out (ogrinfo -json is GDAL 3.7+). */
export function ogrFeatures(file: string): { properties: Record<string, unknown> }[] {
  const answer = execFileSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', file], { encoding: 'utf8' });
  return (JSON.parse(answer) as { features: { properties: Record<string, unknown> }[] }).features;
}
