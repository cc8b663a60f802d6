import { Inflate } from 'fflate';
import { AreaInputError } from './area-input-error.ts';

/** One file of a ZIP archive, as its central directory declares it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** What the archive says the entry unpacks to: checked before, and again while, inflating. */
  size: number;
  localHeaderOffset: number;
}

export interface ZipLimits {
  /** Bytes the entries read may unpack to, together. */
  maxBytes: number;
  maxEntries: number;
}

/** Enough for any shapefile or KMZ of 50,000 locations; far under what a tab can hold. */
const ZIP_LIMITS: ZipLimits = { maxBytes: 256 * 1024 ** 2, maxEntries: 10_000 };

/** Compressed bytes inflated at a time: at deflate's best ratio (1,032:1) each yields at most 16 MB. */
// Stryker disable next-line ArithmeticOperator: the chunk's size bounds memory and time, not what is unpacked.
const CHUNK = 16 * 1024;
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const MAX32 = 0xffffffff;

const utf8 = new TextDecoder();
const latin1 = new TextDecoder('latin1');
/** Sizes in whole megabytes, rounded up: a limit is never shown as met when it is not. */
const megabytes = (bytes: number) => `${Math.ceil(bytes / 1024 ** 2).toLocaleString('en-US')} MB`;
const broken = (why: string) => new AreaInputError('unsupported-file', `This ZIP archive is damaged: ${why}.`);

/** The central directory's entries (names and declared sizes), without unpacking anything. */
export function zipEntries(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  // Stryker disable next-line MethodExpression: scanning further back finds the same last record first.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw broken('it has no central directory (the file may be cut short)');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count === 0xffff || at === MAX32) throw broken('it is a ZIP64 archive of more than 65,535 files or 4 GB');
  if (count > limits.maxEntries)
    throw new AreaInputError(
      'unsupported-file',
      `This ZIP archive holds ${count.toLocaleString('en-US')} files; ` +
        `at most ${limits.maxEntries.toLocaleString('en-US')} are read.`,
    );
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    // Stryker disable next-line EqualityOperator: the end record follows the directory, so no entry ends the file.
    const pastEnd = at + 46 > bytes.length;
    if (pastEnd || view.getUint32(at, true) !== CENTRAL) throw broken('its central directory is cut');
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const entry: ZipEntry = {
      name: (flags & 0x800 ? utf8 : latin1).decode(nameBytes),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    };
    readZip64Sizes(view, at + 46 + nameLength, extraLength, entry);
    entries.push(entry);
    at += 46 + nameLength + extraLength + view.getUint16(at + 32, true);
  }
  return entries;
}

/** A ZIP64 extra field holds the sizes and offset that do not fit in 32 bits, in that order. */
function readZip64Sizes(view: DataView, start: number, length: number, entry: ZipEntry): void {
  // A ZIP64 field holds 8 bytes or more, so the last 4 bytes cannot start one; one field read past the end reads the
  // comment or the next header ("PK"), not a ZIP64 id.
  // Stryker disable next-line EqualityOperator,ArithmeticOperator: as said above.
  for (let at = start; at + 4 <= start + length; ) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      const next = () => {
        const value = Number(view.getBigUint64(field, true));
        field += 8;
        return value;
      };
      if (entry.size === MAX32) entry.size = next();
      if (entry.compressedSize === MAX32) entry.compressedSize = next();
      if (entry.localHeaderOffset === MAX32) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}

/**
 * The entries' contents, unpacked with a guard on both sizes: what the central directory declares (refused over
 * `limits.maxBytes` together, before anything is inflated) and what inflating actually produces (stopped as soon as an
 * entry outgrows its declared size, so a lying archive costs no more than an honest one).
 */
export function unzipEntries(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  limits: ZipLimits = ZIP_LIMITS,
): Map<string, Uint8Array> {
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > limits.maxBytes)
    throw new AreaInputError(
      'unsupported-file',
      `This ZIP archive is refused: ${entries.map((e) => e.name).join(', ')} would unpack to ${megabytes(declared)}; ` +
        `at most ${megabytes(limits.maxBytes)} is read from an archive.`,
    );
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const files = new Map<string, Uint8Array>();
  for (const entry of entries) {
    const at = entry.localHeaderOffset;
    // Stryker disable next-line EqualityOperator: a local header ending the file leaves no room for the directory.
    const pastEnd = at + 30 > bytes.length;
    if (pastEnd || view.getUint32(at, true) !== LOCAL) throw broken(`${entry.name} is not where it says`);
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    const data = bytes.subarray(start, start + entry.compressedSize);
    if (data.length < entry.compressedSize) throw broken(`${entry.name} is cut short`);
    files.set(entry.name, entry.method === 0 ? stored(entry, data) : inflated(entry, data));
  }
  return files;
}

function stored(entry: ZipEntry, data: Uint8Array): Uint8Array {
  if (data.length !== entry.size) throw broken(`${entry.name} is not the size it declares`);
  return data.slice();
}

function inflated(entry: ZipEntry, data: Uint8Array): Uint8Array {
  if (entry.method !== 8)
    throw new AreaInputError(
      'unsupported-file',
      `${entry.name} is compressed with method ${entry.method}, which cannot be read (only stored and deflated files).`,
    );
  const out = new Uint8Array(entry.size);
  let produced = 0;
  // Stryker disable next-line BooleanLiteral: the last push is always final, and fflate throws if the data ends early.
  let done = false;
  const inflate = new Inflate((chunk, final) => {
    if (produced + chunk.length > entry.size)
      throw new AreaInputError(
        'unsupported-file',
        `This ZIP archive is refused: ${entry.name} unpacks to more than the ` +
          `${entry.size.toLocaleString('en-US')} bytes it declares ` +
          '(a "zip bomb"); it was stopped there.',
      );
    out.set(chunk, produced);
    produced += chunk.length;
    // Stryker disable next-line ConditionalExpression: as `done` above: only the final push can end the stream.
    if (final) done = true;
  });
  let offset = 0;
  try {
    do {
      inflate.push(data.subarray(offset, offset + CHUNK), offset + CHUNK >= data.length);
      offset += CHUNK;
    } while (offset < data.length);
  } catch (error) {
    if (error instanceof AreaInputError) throw error;
    // fflate's own words ("invalid block type", "unexpected EOF") say nothing to a user.
    throw broken(`${entry.name} cannot be unpacked (its compressed data is corrupt or cut short)`);
  }
  if (!done || produced !== entry.size) throw broken(`${entry.name} unpacks to less than it declares`);
  return out;
}
