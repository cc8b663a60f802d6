/** One capture of one tile position that the export fetches. */
export interface PlannedTile {
  z: number;
  x: number;
  y: number;
  surveyId: string;
  /** The service's URL for it (never with a credential). */
  url: string;
  captureId: string | null;
  captureStart: string | null;
  captureEnd: string | null;
  publishedDate: string | null;
  resolution: string | null;
  /** The survey's cloud cover (percent), or null where the service publishes none. */
  cloudCover: number | null;
}

/** What the tiles of one capture share: everything but their address, and their URL around it. */
interface TileCapture extends Omit<PlannedTile, 'z' | 'x' | 'y' | 'url'> {
  /** The URL before and after `/z/x/y`. */
  urlHead: string;
  urlTail: string;
}

/**
 * A plan's tiles packed as rows of numbers, each naming its capture in a small shared table: ~13 bytes a tile, where
 * an object with its own URL string held ~0.2 KB in the page's plan and again in the export worker's copy. Plain data
 * (typed arrays, arrays, a Map), so that it crosses to the worker as it is.
 */
export interface TileRecords {
  readonly length: number;
  readonly z: Uint8Array;
  readonly x: Uint32Array;
  readonly y: Uint32Array;
  /** Row in `captures`. */
  readonly capture: Uint32Array;
  readonly captures: readonly TileCapture[];
  /** The URL of each tile whose URL does not hold its `/z/x/y` (its capture's head is then the whole URL). */
  readonly odd: ReadonlyMap<number, string>;
}

const address = ({ z, x, y }: { z: number; x: number; y: number }) => `/${z}/${x}/${y}`;

/** The tiles as records, in the same order; `tileAt` gives each back as it was. */
export function packTiles(tiles: readonly PlannedTile[]): TileRecords {
  const length = tiles.length;
  const records = {
    length,
    z: new Uint8Array(length),
    x: new Uint32Array(length),
    y: new Uint32Array(length),
    capture: new Uint32Array(length),
    captures: [] as TileCapture[],
    odd: new Map<number, string>(),
  };
  const known = new Map<string, number>();
  tiles.forEach((tile, row) => {
    const { z, x, y, url, ...capture } = tile;
    const at = url.lastIndexOf(address(tile));
    const urlHead = at < 0 ? url : url.slice(0, at);
    const urlTail = at < 0 ? '' : url.slice(at + address(tile).length);
    if (at < 0) records.odd.set(row, url);
    const shared: TileCapture = { ...capture, urlHead, urlTail };
    const key = JSON.stringify(Object.values(shared));
    let index = known.get(key);
    if (index === undefined) {
      index = records.captures.push(shared) - 1;
      known.set(key, index);
    }
    records.z[row] = z;
    records.x[row] = x;
    records.y[row] = y;
    records.capture[row] = index;
  });
  return records;
}

/** The tile at a row, as it was packed (a new object each time: hold rows, not tiles). */
export function tileAt(records: TileRecords, row: number): PlannedTile {
  const { urlHead, urlTail, ...capture } = records.captures[records.capture[row]];
  const tile = { z: records.z[row], x: records.x[row], y: records.y[row] };
  return { ...tile, url: records.odd.get(row) ?? `${urlHead}${address(tile)}${urlTail}`, ...capture };
}

/** The survey of the tile at a row. */
export const surveyAt = (records: TileRecords, row: number): string => records.captures[records.capture[row]].surveyId;

/** Every tile, in order. */
export function* tilesOf(records: TileRecords): Generator<PlannedTile> {
  for (let row = 0; row < records.length; row++) yield tileAt(records, row);
}
