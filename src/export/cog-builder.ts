import { assembleCog, type Georeference, type StoredTile } from './cog-file.ts';
import { tileIndex, type LevelLayout } from './cog-layout.ts';
import { Pyramid } from './pyramid.ts';
import { encodeTile, type TilePixels } from './tile-encoding.ts';

export interface CogBuilderOptions {
  levels: LevelLayout[];
  georeference: Georeference;
  /** Grid positions (column, row) of the full-resolution tiles that will be added. */
  planned: Iterable<readonly [col: number, row: number]>;
  description: string;
  /** How tiles are compressed: here by default, or by the export's encoder workers. */
  encode?: (rgba: TilePixels) => Promise<StoredTile>;
}

/**
 * A COG built as its full-resolution tiles arrive, in constant memory: each tile and each overview tile it completes
 * is compressed at once and kept only as a Blob part (which browsers may hold outside the JS heap, on disk when
 * large); the file is assembled from those parts at the end.
 */
export class CogBuilder {
  private readonly stored: Map<number, StoredTile>[];
  private readonly pyramid: Pyramid;
  private encoding: Promise<void>[] = [];
  /** Bytes of compressed tiles so far. */
  bytes = 0;

  constructor(private readonly options: CogBuilderOptions) {
    this.stored = options.levels.map(() => new Map());
    this.pyramid = new Pyramid(options.levels, options.planned, (level, col, row, rgba) => {
      const index = tileIndex(options.levels[level], col, row);
      // Encoders copy the pixels before their first await, so the caller may reuse them.
      this.encoding.push(
        (options.encode ?? encodeTile)(rgba).then((tile) => {
          this.stored[level].set(index, tile);
          this.bytes += tile.part.size;
        }),
      );
    });
  }

  /** A planned tile is done (null: nothing there); resolves once it and the overview tiles it completed are stored. */
  async add(col: number, row: number, rgba: TilePixels | null): Promise<void> {
    this.pyramid.add(col, row, rgba);
    const pending = this.encoding;
    this.encoding = [];
    await Promise.all(pending);
  }

  /** Overview tiles waiting for children: the decoded tiles the builder holds. */
  get held(): number {
    return this.pyramid.held;
  }

  /** The file, once every planned tile has been added. */
  finish(): Blob {
    return assembleCog({
      levels: this.options.levels,
      georeference: this.options.georeference,
      description: this.options.description,
      tile: (level, index) => this.stored[level].get(index),
    });
  }
}
