import { assembleCog, tileRanks, type CogImagery, type Georeference } from './cog-file.ts';
import { tileIndex, type LevelLayout } from './cog-layout.ts';
import { jpegFrame, squareSampling, type Sampling } from './jpeg-frame.ts';
import { maskTile } from './mask-tile.ts';
import { PartStore, Uint32List } from './part-store.ts';
import { Pyramid, type Quarter } from './pyramid.ts';
import { encodeTile, framed, type TilePixels } from './tile-encoding.ts';

/** The luma sampling of a web tile's JPEG bytes, or null when they are not a 256 × 256 JPEG libtiff can keep. */
function sentSampling(sent: Uint8Array): Sampling | null {
  const frame = jpegFrame(sent);
  return frame && frame.width === 256 && frame.height === 256 ? squareSampling(frame) : null;
}

/** Compresses one tile's pixels as JPEG with this luma sampling (alpha ignored). Copies them before any await. */
export type JpegEncoder = (rgba: TilePixels, sampling: Sampling) => Promise<Uint8Array>;

/** How the file stores its imagery: see cog-file.ts. */
export type BuilderImagery =
  /** `encode`: how tiles are deflated, here by default or by the export's encoder workers. */
  | { kind: 'rgba-deflate'; encode?: (rgba: TilePixels) => Promise<Uint8Array> }
  /**
   * Full-resolution tiles keep the service's JPEG bytes where libtiff can read them as they are; overview tiles (and
   * any full-resolution tile that cannot pass) are encoded, at `overviewSampling` (default 4:2:0).
   */
  | { kind: 'jpeg'; encode: JpegEncoder; overviewSampling?: Sampling };

export interface CogBuilderOptions {
  levels: LevelLayout[];
  georeference: Georeference;
  /** Grid positions (column, row) of the full-resolution tiles that will be added. */
  planned: Iterable<readonly [col: number, row: number]>;
  description: string;
  imagery?: BuilderImagery;
}

/**
 * A COG built as its full-resolution tiles arrive, in constant memory: each tile and each overview tile it completes
 * is compressed at once and kept only in the part store (Blobs); the file is assembled from those at the end.
 */
export class CogBuilder {
  /** Per level, the part of each tile stored, by its index. */
  private readonly tiles: Map<number, number>[];
  /** Payload bytes of each part's imagery tile (the rest of a part with a mask is its mask tile). */
  private readonly imageryBytes = new Uint32List();
  /** With JPEG imagery, each level's luma sampling, fixed by its first tile. */
  private readonly sampling: (Sampling | undefined)[];
  private readonly pyramid: Pyramid;
  private readonly imagery: BuilderImagery;
  private readonly store = new PartStore();
  private encoding: Promise<void>[] = [];
  /** The service's bytes of the full-resolution tile being added. */
  private sent: Uint8Array | null = null;
  /** Bytes of compressed tiles so far. */
  bytes = 0;

  constructor(private readonly options: CogBuilderOptions) {
    this.imagery = options.imagery ?? { kind: 'rgba-deflate' };
    this.tiles = options.levels.map(() => new Map());
    this.sampling = options.levels.map(() => undefined);
    const rank = tileRanks(options.levels);
    this.pyramid = new Pyramid(options.levels, options.planned, (level, col, row, rgba) => {
      const index = tileIndex(options.levels[level], col, row);
      // The mask now, and encoders copy the pixels before their first await: the caller may reuse them.
      const mask = this.imagery.kind === 'jpeg' ? maskTile(rgba) : null;
      this.encoding.push(
        this.encode(level, rgba).then((imagery) => {
          const pieces = mask ? [...framed(imagery), ...framed(mask)] : framed(imagery);
          const part = this.store.put(pieces, rank(level, index));
          this.imageryBytes.push(imagery.length);
          this.tiles[level].set(index, part);
          this.bytes += this.store.size(part);
        }),
      );
    });
  }

  /**
   * A planned tile is done (null: nothing there); resolves once it and the overview tiles it completed are stored.
   * `sent`: the service's JPEG bytes of it, stored as they are where they can be. `quarter`: the tile at half size
   * (for its overview), when it is stored as sent — `rgba` is then read for its alpha only.
   */
  async add(col: number, row: number, rgba: TilePixels | null, sent?: Uint8Array, quarter?: Quarter): Promise<void> {
    this.sent = sent ?? null;
    try {
      this.pyramid.add(col, row, rgba, quarter);
    } finally {
      this.sent = null;
    }
    const pending = this.encoding;
    this.encoding = [];
    await Promise.all(pending);
  }

  /**
   * Whether a full-resolution tile the service sent as these bytes is stored as they are (then its pixels are needed
   * only for the overviews). The first tile asked about, or added, fixes the level's sampling.
   */
  storesAsSent(sent: Uint8Array): boolean {
    const sampling = this.imagery.kind === 'jpeg' ? sentSampling(sent) : null;
    if (sampling === null) return false;
    this.sampling[0] ??= sampling;
    return this.sampling[0] === sampling;
  }

  private encode(level: number, rgba: TilePixels): Promise<Uint8Array> {
    const imagery = this.imagery;
    if (imagery.kind === 'rgba-deflate') return (imagery.encode ?? encodeTile)(rgba);
    const sent = level === 0 ? this.sent : null;
    const sentAs = sent && sentSampling(sent);
    this.sampling[level] ??= sentAs ?? imagery.overviewSampling ?? 2;
    const sampling = this.sampling[level];
    if (sent && sentAs === sampling) return Promise.resolve(sent);
    return imagery.encode(rgba, sampling).then((bytes) => {
      const made = jpegFrame(bytes);
      if (!made || squareSampling(made) !== sampling)
        throw new Error(`The JPEG encoder did not write ${sampling} × ${sampling} sampling.`);
      return bytes;
    });
  }

  /** Overview tiles waiting for children: the decoded tiles the builder holds. */
  get held(): number {
    return this.pyramid.held;
  }

  /** The file, once every planned tile has been added. */
  finish(): Blob {
    this.store.seal();
    const imagery: CogImagery =
      this.imagery.kind === 'jpeg'
        ? { kind: 'jpeg', sampling: (level) => this.sampling[level] ?? 2 }
        : { kind: 'rgba-deflate' };
    return assembleCog({
      levels: this.options.levels,
      georeference: this.options.georeference,
      description: this.options.description,
      imagery,
      tile: (level, index) => {
        const part = this.tiles[level].get(index);
        if (part === undefined) return undefined;
        const size = this.store.size(part);
        const imagery = this.imageryBytes.at(part);
        // Each payload framed by its 4-byte leader and trailer.
        const sizes = this.imagery.kind === 'jpeg' ? ([imagery, size - imagery - 16] as const) : ([imagery] as const);
        return { part, size, sizes };
      },
      join: (parts) => this.store.join(parts),
    });
  }
}
