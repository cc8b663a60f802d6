import type { Feature } from 'geojson';
import { combine, parseDbf, parseShp } from 'shpjs';
import { AreaInputError } from './area-input-error.ts';
import { unzipEntries, type ZipEntry, zipEntries } from './read-zip.ts';
import { notAccepted, sniffZipEntries } from './sniff-file.ts';

/** A ZIP archive to read, and what the caller takes: a shapefile's features (the portfolio) or only KMZ (an area). */
export interface ArchiveJob {
  bytes: ArrayBuffer;
  /** The formats the caller accepts, for the refusal: "GeoJSON, KML/KMZ or WKT". */
  accepted: string;
  shapefiles: boolean;
}

export type ArchiveAnswer =
  | { kind: 'shapefile'; features: Feature[] }
  | { kind: 'kml'; text: string }
  | { kind: 'refused'; message: string };

const SHAPEFILE_PARTS = ['.shp', '.dbf', '.prj', '.cpg'];
const stem = (name: string) => name.slice(0, name.lastIndexOf('.')).toLowerCase();
const endsWith = (name: string, suffix: string) => name.toLowerCase().endsWith(suffix);

function shapefileFeatures(bytes: Uint8Array, entries: ZipEntry[]): Feature[] {
  const parts = entries.filter(
    (e) => !e.name.startsWith('__MACOSX/') && SHAPEFILE_PARTS.some((suffix) => endsWith(e.name, suffix)),
  );
  const files = unzipEntries(bytes, parts);
  const part = (layer: string, suffix: string) => parts.find((e) => stem(e.name) === layer && endsWith(e.name, suffix));
  const layers = parts.filter((e) => endsWith(e.name, '.shp')).map((e) => stem(e.name));
  return layers.flatMap((layer) => {
    const file = (suffix: string) => {
      const entry = part(layer, suffix);
      return entry ? files.get(entry.name) : undefined;
    };
    const prj = file('.prj');
    const dbf = file('.dbf');
    try {
      const geometries = parseShp(file('.shp') as Uint8Array, prj && new TextDecoder().decode(prj));
      return combine([geometries, dbf ? parseDbf(dbf, file('.cpg')) : undefined]).features;
    } catch (error) {
      throw new AreaInputError(
        'unsupported-file',
        `This zip could not be read as a shapefile (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
  });
}

function kmlText(bytes: Uint8Array, entries: ZipEntry[]): string {
  const kmls = entries.filter((e) => endsWith(e.name, '.kml') && !e.name.startsWith('__MACOSX/'));
  // The main document of a KMZ is doc.kml at its root, else its first .kml.
  const main = kmls.find((e) => e.name.toLowerCase() === 'doc.kml') ?? kmls[0];
  const [text] = unzipEntries(bytes, [main]).values();
  return new TextDecoder().decode(text);
}

/**
 * A ZIP archive's locations or area, read safely (sizes declared and produced both checked; see read-zip.ts): a zipped
 * shapefile's features, a KMZ's KML text, or why it was refused.
 */
export async function readArchive({ bytes, accepted, shapefiles }: ArchiveJob): Promise<ArchiveAnswer> {
  const data = new Uint8Array(bytes);
  try {
    const entries = zipEntries(data);
    const kind = sniffZipEntries(entries.map((e) => e.name));
    if (kind === 'kmz') return { kind: 'kml', text: kmlText(data, entries) };
    if (kind === 'shapefile' && shapefiles) return { kind, features: shapefileFeatures(data, entries) };
    throw notAccepted(accepted, kind === 'shapefile' ? 'a zipped shapefile' : kind.type);
  } catch (error) {
    if (error instanceof AreaInputError) return { kind: 'refused', message: error.message };
    throw error;
  }
}
