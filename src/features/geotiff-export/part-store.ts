const CHUNK_BYTES = 4 * 1024 * 1024;
const UNSEALED = 0xffff_ffff;

/** A Uint32Array that grows as numbers are appended. */
export class Uint32List {
  private values = new Uint32Array(1024);
  length = 0;

  push(value: number): number {
    if (this.length === this.values.length) {
      const grown = new Uint32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length] = value;
    return this.length++;
  }

  at(index: number): number {
    return this.values[index];
  }

  set(index: number, value: number): void {
    this.values[index] = value;
  }
}

interface Waiting {
  part: number;
  rank: number;
  /** Where in the chunk being filled. */
  at: number;
}

/**
 * Where an export keeps its compressed tiles until the file is assembled: copied into large chunks, each made a Blob
 * (which the browser may keep outside the JS heap, on disk when large) once full. Each part is put with its rank in
 * the file, and a chunk holds its parts in that order, so the file takes each run of parts that are neighbours in
 * both as one slice of its chunk (`join`). A slice costs a round trip to the browser's blob registry; tiles
 * taken in Z-order fill a chunk with a compact block, which the file's row-major order reads in a few runs.
 * Each part is a number, and where it lies three numbers (chunk, start, size): 12 bytes a tile, where objects held
 * ~0.1 KB.
 */
export class PartStore {
  private readonly chunks: Blob[] = [];
  private readonly chunkOf = new Uint32List();
  private readonly startOf = new Uint32List();
  private readonly sizeOf = new Uint32List();
  private chunk = new Uint8Array(0);
  private used = 0;
  private waiting: Waiting[] = [];

  constructor(private readonly chunkBytes = CHUNK_BYTES) {}

  /** Copies the pieces in, one after another, as one part; `rank` is its place in the file. */
  put(pieces: readonly Uint8Array[], rank: number): number {
    const size = pieces.reduce((sum, piece) => sum + piece.length, 0);
    if (this.used + size > this.chunk.length) {
      this.seal();
      this.chunk = new Uint8Array(Math.max(this.chunkBytes, size));
    }
    const part = this.chunkOf.push(UNSEALED);
    this.startOf.push(0);
    this.sizeOf.push(size);
    this.waiting.push({ part, rank, at: this.used });
    for (const piece of pieces) {
      this.chunk.set(piece, this.used);
      this.used += piece.length;
    }
    return part;
  }

  /** Bytes in a part. */
  size(part: number): number {
    return this.sizeOf.at(part);
  }

  /** Makes the chunk being filled a Blob of its parts in file order. */
  seal(): void {
    if (this.used === 0) return;
    const waiting = this.waiting.sort((a, b) => a.rank - b.rank);
    const chunk = this.chunks.push(
      new Blob(waiting.map(({ part, at }) => this.chunk.subarray(at, at + this.sizeOf.at(part)))),
    );
    let start = 0;
    for (const { part } of waiting) {
      this.chunkOf.set(part, chunk - 1);
      this.startOf.set(part, start);
      start += this.sizeOf.at(part);
    }
    this.waiting = [];
    this.chunk = new Uint8Array(0);
    this.used = 0;
  }

  /** The parts, sealed, as few slices of their chunks as their order allows. */
  join(parts: Iterable<number>): Blob[] {
    const slices: Blob[] = [];
    let run: { chunk: number; start: number; end: number } | null = null;
    const flush = () => run && slices.push(this.chunks[run.chunk].slice(run.start, run.end));
    for (const part of parts) {
      const chunk = this.chunkOf.at(part);
      if (chunk === UNSEALED) throw new Error('A part was joined before its chunk was sealed.');
      const start = this.startOf.at(part);
      const size = this.sizeOf.at(part);
      if (run && run.chunk === chunk && run.end === start) {
        run.end += size;
        continue;
      }
      flush();
      run = { chunk, start, end: start + size };
    }
    flush();
    return slices;
  }
}
