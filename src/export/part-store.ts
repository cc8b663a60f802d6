/**
 * Where an export keeps its compressed tiles until the file is assembled: copied into large chunks, each made a Blob
 * (which the browser may keep outside the JS heap, on disk when large) once full, and each tile a slice of its
 * chunk. A Blob per tile would cost a round trip to the browser's blob registry for every tile; a chunk costs one for
 * hundreds of tiles, and a slice less than either.
 */
export interface StoredPart {
  /** The slice of its chunk, once the chunk is sealed. */
  part: Blob | null;
  /** Bytes in it. */
  size: number;
}

export const CHUNK_BYTES = 4 * 1024 * 1024;

export class PartStore {
  private chunk = new Uint8Array(0);
  private used = 0;
  private waiting: { stored: StoredPart; start: number }[] = [];

  constructor(private readonly chunkBytes = CHUNK_BYTES) {}

  /** Copies the pieces in, one after another, as one part. */
  put(pieces: readonly Uint8Array[]): StoredPart {
    const size = pieces.reduce((sum, piece) => sum + piece.length, 0);
    if (this.used + size > this.chunk.length) {
      this.seal();
      this.chunk = new Uint8Array(Math.max(this.chunkBytes, size));
    }
    const stored: StoredPart = { part: null, size };
    this.waiting.push({ stored, start: this.used });
    for (const piece of pieces) {
      this.chunk.set(piece, this.used);
      this.used += piece.length;
    }
    return stored;
  }

  /** Makes the chunk being filled a Blob, and every part in it a slice of that. */
  seal(): void {
    if (this.used === 0) return;
    const blob = new Blob([this.chunk.subarray(0, this.used)]);
    for (const { stored, start } of this.waiting) stored.part = blob.slice(start, start + stored.size);
    this.waiting = [];
    this.chunk = new Uint8Array(0);
    this.used = 0;
  }
}
