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
