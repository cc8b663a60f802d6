import type { LevelLayout } from './cog-layout.ts';
import type { Sampling } from './jpeg-frame.ts';

/**
 * Assembles a Cloud Optimized GeoTIFF (classic TIFF, little-endian) from tiles already compressed, in the layout
 * GDAL's COG driver writes and recognises (doc/source/drivers/raster/cog.rst, "File format details"): the header,
 * the structural-metadata ghost area, every IFD and its values, then the TileOffsets/TileByteCounts arrays, then the
 * tile data from the smallest overview to the full image, row-major within a level, each tile wrapped in its 4-byte
 * size leader and a trailer repeating its last 4 bytes. Tiles with no data are left out (offset and count 0): GDAL
 * reads them as transparent.
 *
 * Two kinds of imagery: RGBA, deflated with the horizontal predictor; or JPEG (YCbCr, each tile a whole JPEG stream)
 * with GDAL's internal transparency mask — a 1-bit image per level, its IFDs after the imagery's (the full image's
 * mask second, the overviews' masks last), each mask tile's data right after its imagery tile's, and
 * MASK_INTERLEAVED_WITH_IMAGERY=YES in the structural metadata, as GDAL writes a JPEG COG of RGBA input.
 */

/** Where the full-resolution image sits in EPSG:3857. */
export interface Georeference {
  /** Top-left corner of the top-left pixel, in metres. */
  originX: number;
  originY: number;
  /** Metres per pixel, the same across and down. */
  pixelSize: number;
}

/**
 * A tile's data as the file holds it: `part` (`size` bytes) is leader + payload + trailer for the imagery, then (with
 * a mask) the same for its mask tile; `sizes` counts each payload only.
 */
interface TileData {
  part: number;
  size: number;
  sizes: readonly [imagery: number, mask?: number];
}

/** How the imagery's tiles are compressed (see above). */
export type CogImagery = { kind: 'rgba-deflate' } | { kind: 'jpeg'; sampling(level: number): Sampling };

export interface CogContents {
  /** Level 0 first, then each overview. */
  levels: readonly LevelLayout[];
  georeference: Georeference;
  imagery: CogImagery;
  /** The tile at a level's row-major index (with JPEG imagery, its mask tile too), or undefined where there is none. */
  tile(level: number, index: number): TileData | undefined;
  /** The parts' bytes, in the order given. */
  join(parts: readonly number[]): Blob[];
  /** ImageDescription of the full image. */
  description: string;
}

/** The classic TIFF's offsets are 32-bit: an export this large has to be split (the dialog's caps keep far below). */
class CogTooLargeError extends Error {
  override readonly name = 'CogTooLargeError';
}

const STRUCTURAL_METADATA =
  'LAYOUT=IFDS_BEFORE_DATA\nBLOCK_ORDER=ROW_MAJOR\nBLOCK_LEADER=SIZE_AS_UINT4\n' +
  'BLOCK_TRAILER=LAST_4_BYTES_REPEATED\nKNOWN_INCOMPATIBLE_EDITION=NO\n ';
const MASK_INTERLEAVED = 'MASK_INTERLEAVED_WITH_IMAGERY=YES\n';
function ghost(masked: boolean): string {
  const metadata = STRUCTURAL_METADATA + (masked ? MASK_INTERLEAVED : '');
  return `GDAL_STRUCTURAL_METADATA_SIZE=${String(metadata.length).padStart(6, '0')} bytes\n${metadata}`;
}

/** TIFF field types, and the bytes of each number stored (a rational is two). */
const FieldType = { Ascii: 2, Short: 3, Long: 4, Rational: 5, Double: 12 } as const;
type FieldType = (typeof FieldType)[keyof typeof FieldType];
const NUMBER_BYTES: Record<FieldType, number> = { 2: 1, 3: 2, 4: 4, 5: 4, 12: 8 };

interface Entry {
  tag: number;
  type: FieldType;
  /** The numbers stored: a rational's numerator and denominator are two. */
  values: readonly number[];
}

const ascii = (tag: number, text: string): Entry => ({
  tag,
  type: FieldType.Ascii,
  values: [...new TextEncoder().encode(`${text}\0`)],
});
const short = (tag: number, ...values: number[]): Entry => ({ tag, type: FieldType.Short, values });
const long = (tag: number, ...values: number[]): Entry => ({ tag, type: FieldType.Long, values });
const rational = (tag: number, ...values: number[]): Entry => ({
  tag,
  type: FieldType.Rational,
  values: values.flatMap((value) => [value, 1]),
});
const double = (tag: number, ...values: number[]): Entry => ({ tag, type: FieldType.Double, values });

const TAG = {
  newSubfileType: 254,
  imageWidth: 256,
  imageLength: 257,
  bitsPerSample: 258,
  compression: 259,
  photometric: 262,
  imageDescription: 270,
  samplesPerPixel: 277,
  planarConfiguration: 284,
  software: 305,
  predictor: 317,
  tileWidth: 322,
  tileLength: 323,
  tileOffsets: 324,
  tileByteCounts: 325,
  extraSamples: 338,
  sampleFormat: 339,
  yCbCrSubSampling: 530,
  referenceBlackWhite: 532,
  modelPixelScale: 33550,
  modelTiepoint: 33922,
  geoKeyDirectory: 34735,
  geoAsciiParams: 34737,
} as const;

const Compression = { adobeDeflate: 8, jpeg: 7 } as const;
const Photometric = { rgb: 2, yCbCr: 6, mask: 4 } as const;
const HORIZONTAL_DIFFERENCING = 2;
const UNASSOCIATED_ALPHA = 2;
/** NewSubfileType bits. */
const Subfile = { reducedResolution: 1, mask: 4 } as const;

const CITATION = 'WGS 84 / Pseudo-Mercator|';
/** GeoKeyDirectory: version 1.1.0; projected, pixel is area, EPSG:3857, with its name as the citation. */
const GEO_KEYS = [
  [1, 1, 0, 4],
  [1024, 0, 1, 1], // GTModelTypeGeoKey: projected
  [1025, 0, 1, 1], // GTRasterTypeGeoKey: pixel is area
  [1026, TAG.geoAsciiParams, CITATION.length, 0], // GTCitationGeoKey
  [3072, 0, 1, 3857], // ProjectedCSTypeGeoKey
].flat();

type IfdKind = 'imagery' | 'mask';

function tileEntries({ width, height, tilesAcross, tilesDown }: LevelLayout): Entry[] {
  const tiles = tilesAcross * tilesDown;
  return [
    long(TAG.imageWidth, width),
    long(TAG.imageLength, height),
    short(TAG.planarConfiguration, 1),
    short(TAG.tileWidth, 256),
    short(TAG.tileLength, 256),
    // Filled in once the data's place is known; only their length matters for the layout.
    { tag: TAG.tileOffsets, type: FieldType.Long, values: new Array<number>(tiles).fill(0) },
    { tag: TAG.tileByteCounts, type: FieldType.Long, values: new Array<number>(tiles).fill(0) },
  ];
}

function pixelEntries(imagery: CogImagery, kind: IfdKind, level: number): Entry[] {
  const reduced = level === 0 ? 0 : Subfile.reducedResolution;
  if (kind === 'mask')
    return [
      long(TAG.newSubfileType, reduced | Subfile.mask),
      short(TAG.bitsPerSample, 1),
      short(TAG.compression, Compression.adobeDeflate),
      short(TAG.photometric, Photometric.mask),
      short(TAG.samplesPerPixel, 1),
      short(TAG.sampleFormat, 1),
    ];
  if (imagery.kind === 'jpeg') {
    const sampling = imagery.sampling(level);
    return [
      long(TAG.newSubfileType, reduced),
      short(TAG.bitsPerSample, 8, 8, 8),
      short(TAG.compression, Compression.jpeg),
      short(TAG.photometric, Photometric.yCbCr),
      short(TAG.samplesPerPixel, 3),
      short(TAG.sampleFormat, 1, 1, 1),
      short(TAG.yCbCrSubSampling, sampling, sampling),
      rational(TAG.referenceBlackWhite, 0, 255, 128, 255, 128, 255),
    ];
  }
  return [
    long(TAG.newSubfileType, reduced),
    short(TAG.bitsPerSample, 8, 8, 8, 8),
    short(TAG.compression, Compression.adobeDeflate),
    short(TAG.photometric, Photometric.rgb),
    short(TAG.samplesPerPixel, 4),
    short(TAG.predictor, HORIZONTAL_DIFFERENCING),
    short(TAG.extraSamples, UNASSOCIATED_ALPHA),
    short(TAG.sampleFormat, 1, 1, 1, 1),
  ];
}

function levelEntries(contents: CogContents, layout: LevelLayout, kind: IfdKind): Entry[] {
  const entries = [...tileEntries(layout), ...pixelEntries(contents.imagery, kind, layout.level)];
  if (layout.level === 0 && kind === 'imagery') {
    const { originX, originY, pixelSize } = contents.georeference;
    entries.push(
      ascii(TAG.imageDescription, contents.description),
      ascii(TAG.software, 'Survey Viewer'),
      double(TAG.modelPixelScale, pixelSize, pixelSize, 0),
      double(TAG.modelTiepoint, 0, 0, 0, originX, originY, 0),
      short(TAG.geoKeyDirectory, ...GEO_KEYS),
      ascii(TAG.geoAsciiParams, CITATION),
    );
  }
  return entries.sort((a, b) => a.tag - b.tag);
}

const valueBytes = (entry: Entry) => entry.values.length * NUMBER_BYTES[entry.type];
const valueCount = (entry: Entry) =>
  entry.type === FieldType.Rational ? entry.values.length / 2 : entry.values.length;
const isTileArray = (entry: Entry) => entry.tag === TAG.tileOffsets || entry.tag === TAG.tileByteCounts;
const even = (n: number) => n + (n % 2);

interface PlacedIfd {
  layout: LevelLayout;
  kind: IfdKind;
  entries: Entry[];
  at: number;
  /** Where each out-of-line value starts (entries whose values do not fit the entry's 4 bytes). */
  valueAt: Map<Entry, number>;
}

/** The IFDs in GDAL's order: the full image, its mask, the overviews, their masks. */
function ifdsOf(contents: CogContents): PlacedIfd[] {
  const place = (layout: LevelLayout, kind: IfdKind): PlacedIfd => ({
    layout,
    kind,
    entries: levelEntries(contents, layout, kind),
    at: 0,
    valueAt: new Map(),
  });
  const [full, ...overviews] = contents.levels;
  if (contents.imagery.kind !== 'jpeg') return contents.levels.map((layout) => place(layout, 'imagery'));
  return [
    place(full, 'imagery'),
    place(full, 'mask'),
    ...overviews.map((layout) => place(layout, 'imagery')),
    ...overviews.map((layout) => place(layout, 'mask')),
  ];
}

const tileArray = (ifd: PlacedIfd, tag: number) => ifd.entries.find((e) => e.tag === tag)!.values as number[];

/** The whole file: header, ghost area, IFDs, tile arrays (one buffer) and the tile parts after it. */
export function assembleCog(contents: CogContents): Blob {
  const masked = contents.imagery.kind === 'jpeg';
  const ghostArea = ghost(masked);
  const ifds = ifdsOf(contents);

  // Place the IFDs with their own values, then the tile arrays after all of them.
  let cursor = even(8 + ghostArea.length);
  for (const ifd of ifds) {
    ifd.at = cursor;
    cursor += 2 + ifd.entries.length * 12 + 4;
    for (const entry of ifd.entries) {
      if (valueBytes(entry) <= 4 || isTileArray(entry)) continue;
      ifd.valueAt.set(entry, cursor);
      cursor = even(cursor + valueBytes(entry));
    }
  }
  for (const ifd of ifds) {
    for (const entry of ifd.entries) {
      if (valueBytes(entry) <= 4 || !isTileArray(entry)) continue;
      ifd.valueAt.set(entry, cursor);
      cursor += valueBytes(entry);
    }
  }
  const headerSize = cursor;

  // Tile data in the file's order, which tileRanks defines (the part store seals chunks in it too): the smallest
  // overview first, row-major within a level.
  const parts: number[] = [];
  for (const layout of [...contents.levels].reverse()) {
    const targets = (['imagery', 'mask'] as const).map((kind) =>
      ifds.find((ifd) => ifd.layout === layout && ifd.kind === kind),
    );
    for (let index = 0; index < layout.tilesAcross * layout.tilesDown; index++) {
      const tile = contents.tile(layout.level, index);
      if (!tile) continue;
      let at = cursor;
      tile.sizes.forEach((size, i) => {
        const ifd = targets[i];
        if (size === undefined || !ifd) return;
        tileArray(ifd, TAG.tileOffsets)[index] = at + 4;
        tileArray(ifd, TAG.tileByteCounts)[index] = size;
        at += 4 + size + 4;
      });
      parts.push(tile.part);
      cursor += tile.size;
    }
  }
  if (cursor > 0xffff_ffff) {
    throw new CogTooLargeError(`The file would be ${cursor} bytes; a classic TIFF holds at most 4 GiB.`);
  }

  const header = new DataView(new ArrayBuffer(headerSize));
  header.setUint16(0, 0x4949); // "II": little-endian
  header.setUint16(2, 42, true);
  header.setUint32(4, ifds[0].at, true);
  new Uint8Array(header.buffer).set(new TextEncoder().encode(ghostArea), 8);
  for (const [i, ifd] of ifds.entries()) {
    let at = ifd.at;
    header.setUint16(at, ifd.entries.length, true);
    at += 2;
    for (const entry of ifd.entries) {
      header.setUint16(at, entry.tag, true);
      header.setUint16(at + 2, entry.type, true);
      header.setUint32(at + 4, valueCount(entry), true);
      const valueAt = ifd.valueAt.get(entry) ?? at + 8;
      writeValues(header, valueAt, entry);
      if (valueAt !== at + 8) header.setUint32(at + 8, valueAt, true);
      at += 12;
    }
    header.setUint32(at, ifds[i + 1]?.at ?? 0, true);
  }
  return new Blob([header.buffer, ...contents.join(parts)], { type: 'image/tiff' });
}

/**
 * Each tile's place in the file's tile data, as a rank: smallest overview first, full resolution last; within a level
 * by tile index, which is row-major (a mask tile right after its imagery tile, in the same part).
 */
export function tileRanks(levels: readonly LevelLayout[]): (level: number, index: number) => number {
  const before: number[] = [];
  let count = 0;
  for (let level = levels.length - 1; level >= 0; level--) {
    before[level] = count;
    count += levels[level].tilesAcross * levels[level].tilesDown;
  }
  return (level, index) => before[level] + index;
}

function writeValues(view: DataView, at: number, { type, values }: Entry) {
  const size = NUMBER_BYTES[type];
  values.forEach((value, i) => {
    const where = at + i * size;
    if (type === FieldType.Ascii) view.setUint8(where, value);
    else if (type === FieldType.Short) view.setUint16(where, value, true);
    else if (type === FieldType.Long || type === FieldType.Rational) view.setUint32(where, value, true);
    else view.setFloat64(where, value, true);
  });
}
