import { Deflate, deflateSync, inflateSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readArchive } from './archive-jobs.ts';
import { unzipEntries, zipEntries } from './read-zip.ts';
import { deflatedZeros, type Entry, zipOf } from '../test/zip-bomb.ts';

const MiB = 1024 ** 2;

/** A .shp's header: enough for the archive to be taken as a shapefile. */
const SHP: Entry = { name: 'sites.shp', data: new Uint8Array([0x00, 0x00, 0x27, 0x0a]), declared: 4, method: 0 };
const readAsPortfolio = (zip: Uint8Array) =>
  readArchive({ bytes: zip.slice().buffer, accepted: 'locations', shapefiles: true });

describe('a zip bomb given as a zipped shapefile', () => {
  // What the newcomer gave: 2 MB holding a 2 GB .dbf (the Deflate is made once, shared by both cases).
  const bomb = deflatedZeros(2048);

  it('is a real bomb: made the same way, 8 MiB inflate (fflate, whole) to exactly 8 MiB of zeros', () => {
    const small = inflateSync(deflatedZeros(8));
    expect(small.length).toBe(8 * MiB);
    expect(small.every((byte) => byte === 0)).toBe(true);
  });

  it('is refused from the sizes its central directory declares, before anything is inflated', async () => {
    expect(bomb.length).toBeLessThan(3 * MiB);
    const zip = zipOf([SHP, { name: 'sites.dbf', data: bomb, declared: 2048 * MiB, method: 8 }]);
    expect(zipEntries(zip)[1]).toMatchObject({ name: 'sites.dbf', size: 2048 * MiB, compressedSize: bomb.length });
    const answer = await readAsPortfolio(zip);
    expect(answer).toEqual({
      kind: 'refused',
      message:
        'This ZIP archive is refused: sites.shp, sites.dbf would unpack to 2,049 MB; at most 256 MB is read from an ' +
        'archive.',
    });
  });

  it('is stopped while inflating when it lies about its size, as soon as it outgrows what it declares', async () => {
    const zip = zipOf([SHP, { name: 'sites.dbf', data: bomb, declared: 1_000, method: 8 }]);
    expect(await readAsPortfolio(zip)).toEqual({
      kind: 'refused',
      message:
        'This ZIP archive is refused: sites.dbf unpacks to more than the 1,000 bytes it declares (a "zip bomb"); ' +
        'it was stopped there.',
    });
  });

  it('a stored entry must be the size it declares', () => {
    const zip = zipOf([{ name: 'a.dbf', data: new Uint8Array(10), declared: 4, method: 0 }]);
    expect(() => unzipEntries(zip, zipEntries(zip))).toThrow(
      'This ZIP archive is damaged: a.dbf is not the size it declares.',
    );
  });

  it('an honest archive within the limits unpacks whole', () => {
    const data = new TextEncoder().encode('hello '.repeat(10_000));
    const zip = zipSync({ 'a.txt': data, 'b.bin': new Uint8Array(5) }, { level: 6 });
    const files = unzipEntries(zip, zipEntries(zip));
    expect(new TextDecoder().decode(files.get('a.txt'))).toBe('hello '.repeat(10_000));
    expect(files.get('b.bin')).toEqual(new Uint8Array(5));
  });
});

describe('an archive of many entries', () => {
  /** `count` entries of `mebibytes` of deflated zeros each (one Deflate stream shared), after a shapefile's .shp. */
  const many = (count: number, mebibytes: number) => {
    const zeros = deflatedZeros(mebibytes);
    return zipOf([
      SHP,
      ...Array.from(
        { length: count },
        (_, i): Entry => ({
          name: `part-${i}.dbf`,
          data: zeros,
          declared: mebibytes * MiB,
          method: 8,
        }),
      ),
    ]);
  };

  it('is refused when its entries together would unpack to over 256 MB, though each is 1 MB', async () => {
    const answer = await readAsPortfolio(many(300, 1));
    expect(answer.kind).toBe('refused');
    const message = answer.kind === 'refused' ? answer.message : '';
    expect(message).toMatch(/^This ZIP archive is refused: sites\.shp, part-0\.dbf, .*, part-299\.dbf would unpack/);
    expect(message).toMatch(/ would unpack to 301 MB; at most 256 MB is read from an archive\.$/);
  });

  it('unpacks entries up to the limit together, and refuses one byte more', () => {
    const limits = { maxBytes: 10 * 1024, maxEntries: 100 };
    const stored = (count: number, last = 1024): Entry[] =>
      Array.from({ length: count }, (_, i) => {
        const size = i === count - 1 ? last : 1024;
        return { name: `f${i}.txt`, data: new Uint8Array(size).fill(i), declared: size, method: 0 };
      });
    const whole = zipOf(stored(10));
    const files = unzipEntries(whole, zipEntries(whole, limits), limits);
    expect([...files.keys()]).toHaveLength(10);
    expect(files.get('f9.txt')).toEqual(new Uint8Array(1024).fill(9));
    const over = zipOf(stored(10, 1025));
    expect(() => unzipEntries(over, zipEntries(over, limits), limits)).toThrow(
      /would unpack to 1 MB; at most 1 MB is read/,
    );
  });

  it('is read up to 10,000 files and refused past them, before any is unpacked', async () => {
    const files = (count: number) =>
      zipOf(
        Array.from({ length: count }, (_, i) => ({
          name: `${i}.txt`,
          data: new Uint8Array(0),
          declared: 0,
          method: 0,
        })),
      );
    expect(zipEntries(files(10_000))).toHaveLength(10_000);
    expect(() => zipEntries(files(10_001))).toThrow('This ZIP archive holds 10,001 files; at most 10,000 are read.');
    const limits = { maxBytes: 1024, maxEntries: 3 };
    expect(zipEntries(files(3), limits)).toHaveLength(3);
    expect(() => zipEntries(files(4), limits)).toThrow('This ZIP archive holds 4 files; at most 3 are read.');
  });
});

/** `length` bytes that do not compress (a fixed sequence, the same each run). */
function noise(length: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = 0x2545f491;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = state & 0xff;
  }
  return out;
}

const unzipped = (zip: Uint8Array) => unzipEntries(zip, zipEntries(zip));
const damaged = (why: string) => `This ZIP archive is damaged: ${why}.`;
/** The archive with a little-endian field rewritten. */
function patched(zip: Uint8Array, at: number, value: number, bytes: 2 | 4 = 4): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  if (bytes === 2) view.setUint16(at, value, true);
  else view.setUint32(at, value, true);
  return copy;
}
const HELLO: Entry = { name: 'a.txt', data: new TextEncoder().encode('hello'), declared: 5, method: 0 };
/** Where the end-of-directory record starts, in an archive without a comment. */
const eocd = (zip: Uint8Array) => zip.length - 22;

describe('archives as other programs write them', () => {
  it('entries with extra fields and comments, a non-ASCII name, and deflated data over many chunks read whole', () => {
    const big = noise(100_000);
    const zip = zipSync(
      {
        'first.txt': [new TextEncoder().encode('one'), { extra: { 30837: new Uint8Array(11) }, comment: 'the first' }],
        'café.dbf': [big, { level: 6, comment: 'a longer comment on the second entry' }],
        'last.txt': [new TextEncoder().encode('three'), { level: 0, extra: { 21589: new Uint8Array(5) } }],
      },
      { level: 6 },
    );
    const files = unzipped(zip);
    expect([...files.keys()]).toEqual(['first.txt', 'café.dbf', 'last.txt']);
    expect(files.get('café.dbf')).toEqual(big);
    expect(new TextDecoder().decode(files.get('last.txt'))).toBe('three');
  });

  it('a name without the UTF-8 flag is read as Latin-1 (as old Windows tools wrote them)', () => {
    // "Zürich.shp" in Latin-1: ü is one byte, 0xfc.
    const zip = zipOf([{ ...HELLO, name: 'Z_rich.shp' }]);
    const at = zip.indexOf('_'.charCodeAt(0), eocd(zip) - 60);
    const latin1 = zip.slice();
    latin1[at] = 0xfc;
    expect(zipEntries(latin1)[0].name).toBe('Zürich.shp');
  });

  it('an empty archive has no entries', () => {
    expect(zipEntries(zipSync({}))).toEqual([]);
  });

  it('an archive comment of the greatest length a ZIP allows does not hide its directory', () => {
    const zip = zipOf([HELLO]);
    const comment = new Uint8Array(0xffff).fill(0x20);
    const commented = new Uint8Array(zip.length + comment.length);
    commented.set(patched(zip, eocd(zip) + 20, comment.length, 2));
    commented.set(comment, zip.length);
    expect(new TextDecoder().decode(unzipped(commented).get('a.txt'))).toBe('hello');
  });

  it('ZIP64 entries: sizes and offsets too large for their fields are read from the ZIP64 extra field', () => {
    const deflated = deflateSync(noise(40_000));
    const zip = zipOf([
      { ...HELLO, zip64: ['offset'] },
      { name: 'b.dbf', data: deflated, declared: 40_000, method: 8, zip64: ['size', 'compressedSize', 'offset'] },
      { name: 'c.txt', data: new Uint8Array([7]), declared: 1, method: 0, zip64: ['compressedSize'] },
    ]);
    expect(zipEntries(zip).map((e) => [e.name, e.size, e.compressedSize])).toEqual([
      ['a.txt', 5, 5],
      ['b.dbf', 40_000, deflated.length],
      ['c.txt', 1, 1],
    ]);
    const files = unzipped(zip);
    expect(files.get('b.dbf')).toEqual(noise(40_000));
    expect(files.get('c.txt')).toEqual(new Uint8Array([7]));
  });

  it('deflated data of exactly one chunk (16 KB) reads whole', () => {
    const data = noise(16_379);
    const deflated = deflateSync(data, { level: 0 });
    expect(deflated.length).toBe(16 * 1024);
    expect(unzipped(zipOf([{ name: 'd.bin', data: deflated, declared: data.length, method: 8 }])).get('d.bin')).toEqual(
      data,
    );
  });

  it("a stored entry is a copy: the archive's bytes may be let go", () => {
    const zip = zipOf([HELLO]);
    const file = unzipped(zip).get('a.txt')!;
    zip.fill(0);
    expect(new TextDecoder().decode(file)).toBe('hello');
  });
});

describe('a damaged archive is refused with what is wrong, never a crash', () => {
  const one = zipOf([HELLO]);
  it.each([
    ['bytes that are not a ZIP', noise(1_000), damaged('it has no central directory (the file may be cut short)')],
    [
      'an archive cut before its end',
      one.subarray(0, one.length - 5),
      damaged('it has no central directory (the file may be cut short)'),
    ],
    [
      'a directory of more entries than it holds',
      patched(one, eocd(one) + 10, 2, 2),
      damaged('its central directory is cut'),
    ],
    [
      'a directory past the end of the file',
      patched(one, eocd(one) + 16, one.length + 10),
      damaged('its central directory is cut'),
    ],
    ['a directory that is not one', patched(one, eocd(one) + 16, 0), damaged('its central directory is cut')],
    [
      '65,535 entries (ZIP64)',
      patched(one, eocd(one) + 10, 0xffff, 2),
      damaged('it is a ZIP64 archive of more than 65,535 files or 4 GB'),
    ],
    [
      'a directory at 4 GB (ZIP64)',
      patched(one, eocd(one) + 16, 0xffffffff),
      damaged('it is a ZIP64 archive of more than 65,535 files or 4 GB'),
    ],
  ])('%s', (_, zip, message) => {
    expect(() => unzipped(zip)).toThrow(message);
  });

  /** The central directory's first entry starts right after the local entry (30 + 5 + 5 bytes). */
  const central = 30 + 5 + 5;
  it.each([
    [
      'an entry whose local header is not where it says',
      patched(one, central + 42, 3),
      damaged('a.txt is not where it says'),
    ],
    [
      'an entry placed in the directory at the end of the file',
      patched(one, central + 42, one.length - 20),
      damaged('a.txt is not where it says'),
    ],
    [
      'an entry placed beyond the end of the file',
      patched(one, central + 42, one.length + 10),
      damaged('a.txt is not where it says'),
    ],
    ['an entry cut short', patched(patched(one, central + 20, 500), central + 24, 500), damaged('a.txt is cut short')],
    [
      'an entry compressed with a method no reader here knows (bzip2)',
      zipOf([{ ...HELLO, method: 12 }]),
      'a.txt is compressed with method 12, which cannot be read (only stored and deflated files).',
    ],
    [
      'a deflated entry that unpacks to less than it declares',
      zipOf([{ name: 'a.txt', data: deflateSync(new TextEncoder().encode('hello')), declared: 6, method: 8 }]),
      damaged('a.txt unpacks to less than it declares'),
    ],
  ])('%s', (_, zip, message) => {
    expect(() => unzipped(zip)).toThrow(message);
  });

  it('a deflated entry whose data is corrupt or ends before its last block is refused as damaged', async () => {
    const blocks: Uint8Array[] = [];
    const deflate = new Deflate({ level: 6 }, (chunk) => blocks.push(chunk));
    deflate.push(new TextEncoder().encode('hello'));
    deflate.flush(true);
    const unfinished = new Uint8Array(blocks.reduce((n, b) => n + b.length, 0));
    blocks.reduce((at, b) => {
      unfinished.set(b, at);
      return at + b.length;
    }, 0);
    const damagedData = damaged('a.txt cannot be unpacked (its compressed data is corrupt or cut short)');
    for (const data of [unfinished, noise(100)]) {
      const zip = zipOf([{ name: 'a.txt', data, declared: 5, method: 8 }]);
      expect(() => unzipped(zip)).toThrow(damagedData);
    }
    // Through the archive reader as the import uses it: a refusal with that message, not a failure.
    const kmz = zipOf([{ name: 'doc.kml', data: noise(100), declared: 5, method: 8 }]);
    expect(await readArchive({ bytes: kmz.slice().buffer, accepted: 'area', shapefiles: false })).toEqual({
      kind: 'refused',
      message: damaged('doc.kml cannot be unpacked (its compressed data is corrupt or cut short)'),
    });
  });
});
