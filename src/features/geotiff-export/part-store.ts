/**
 * Where an export keeps its compressed tiles until the file is assembled: copied into large chunks, each made a Blob
 * (which the browser may keep outside the JS heap, on disk when large) once full. Each part is put with its rank in
 * the file, and a chunk holds its parts in that order, so the file takes each run of parts that are neighbours in
 * both as one slice of its chunk (`joinParts`). A slice costs a round trip to the browser's blob registry; tiles
 * taken in Z-order fill a chunk with a compact block, which the file's row-major order reads in a few runs.
 */
export interface StoredPart {
  /** The chunk it is in, once that is sealed. */
  chunk: Blob | null;
  /** Where in the chunk. */
  start: number;
  /** Bytes in it. */
  size: number;
}

const CHUNK_BYTES = 4 * 1024 * 1024;

interface Waiting {
  stored: StoredPart;
  rank: number;
  /** Where in the chunk being filled. */
  at: number;
}

export class PartStore {
  private chunk = new Uint8Array(0);
  private used = 0;
  private waiting: Waiting[] = [];

  constructor(private readonly chunkBytes = CHUNK_BYTES) {}

  /** Copies the pieces in, one after another, as one part; `rank` is its place in the file. */
  put(pieces: readonly Uint8Array[], rank: number): StoredPart {
    const size = pieces.reduce((sum, piece) => sum + piece.length, 0);
    if (this.used + size > this.chunk.length) {
      this.seal();
      this.chunk = new Uint8Array(Math.max(this.chunkBytes, size));
    }
    const stored: StoredPart = { chunk: null, start: 0, size };
    this.waiting.push({ stored, rank, at: this.used });
    for (const piece of pieces) {
      this.chunk.set(piece, this.used);
      this.used += piece.length;
    }
    return stored;
  }

  /** Makes the chunk being filled a Blob of its parts in file order. */
  seal(): void {
    if (this.used === 0) return;
    const waiting = this.waiting.sort((a, b) => a.rank - b.rank);
    const blob = new Blob(waiting.map(({ stored, at }) => this.chunk.subarray(at, at + stored.size)));
    let start = 0;
    for (const { stored } of waiting) {
      stored.chunk = blob;
      stored.start = start;
      start += stored.size;
    }
    this.waiting = [];
    this.chunk = new Uint8Array(0);
    this.used = 0;
  }
}

/** The parts, sealed, as few slices of their chunks as their order allows. */
export function joinParts(parts: readonly StoredPart[]): Blob[] {
  const slices: Blob[] = [];
  let run: { chunk: Blob; start: number; end: number } | null = null;
  for (const { chunk, start, size } of parts) {
    if (!chunk) throw new Error('A part was joined before its chunk was sealed.');
    if (run && run.chunk === chunk && run.end === start) {
      run.end += size;
      continue;
    }
    if (run) slices.push(run.chunk.slice(run.start, run.end));
    run = { chunk, start, end: start + size };
  }
  if (run) slices.push(run.chunk.slice(run.start, run.end));
  return slices;
}
