import { inflateSync, zipSync } from 'fflate';
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
    expect(answer.kind === 'refused' && answer.message).toMatch(
      /^This ZIP archive is refused: sites\.shp, part-0\.dbf, .*, part-299\.dbf would unpack to 301 MB; at most 256 MB is read from an archive\.$/,
    );
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
