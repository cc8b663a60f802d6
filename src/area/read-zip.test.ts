import { Deflate, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readArchive } from './archive-jobs.ts';
import { unzipEntries, zipEntries } from './read-zip.ts';

const MiB = 1024 ** 2;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * `mebibytes` of zeros deflated, made with fflate's streaming Deflate: one mebibyte is deflated and sync-flushed (a
 * run of blocks that refers to nothing before it), repeated, then closed with an empty final block. 2 GiB take ~2 MB.
 */
function deflatedZeros(mebibytes: number): Uint8Array {
  const segment: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => segment.push(chunk));
  deflate.push(new Uint8Array(MiB));
  deflate.flush(true);
  const end: Uint8Array[] = [];
  new Deflate((chunk) => end.push(chunk)).push(new Uint8Array(0), true);
  const one = concat(segment);
  return concat([...Array.from({ length: mebibytes }, () => one), ...end]);
}

interface Entry {
  name: string;
  data: Uint8Array;
  /** What the headers say it unpacks to (honest or not). */
  declared: number;
  method: 0 | 8;
}

/** A ZIP archive written field by field, so that its headers may declare any size. */
function zipOf(entries: Entry[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const { name, data, declared, method } of entries) {
    const nameBytes = new TextEncoder().encode(name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, method, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, declared, true);
    local.setUint16(26, nameBytes.length, true);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(10, method, true);
    central.setUint32(20, data.length, true);
    central.setUint32(24, declared, true);
    central.setUint16(28, nameBytes.length, true);
    central.setUint32(42, offset, true);
    locals.push(new Uint8Array(local.buffer), nameBytes, data);
    centrals.push(new Uint8Array(central.buffer), nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = concat(centrals);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, directory.length, true);
  end.setUint32(16, offset, true);
  return concat([...locals, directory, new Uint8Array(end.buffer)]);
}

/** A .shp's header: enough for the archive to be taken as a shapefile. */
const SHP: Entry = { name: 'sites.shp', data: new Uint8Array([0x00, 0x00, 0x27, 0x0a]), declared: 4, method: 0 };
const readAsPortfolio = (zip: Uint8Array) =>
  readArchive({ bytes: zip.slice().buffer, accepted: 'locations', shapefiles: true });

describe('a zip bomb given as a zipped shapefile', () => {
  // What the newcomer gave: 2 MB holding a 2 GB .dbf (the Deflate is made once, shared by both cases).
  const bomb = deflatedZeros(2048);

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
