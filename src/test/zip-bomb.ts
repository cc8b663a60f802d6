import { Deflate } from 'fflate';

/** Zip bombs for tests: made at run time, so that no test file holds one. */
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
export function deflatedZeros(mebibytes: number): Uint8Array {
  const segment: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => segment.push(chunk));
  deflate.push(new Uint8Array(MiB));
  deflate.flush(true);
  const end: Uint8Array[] = [];
  new Deflate((chunk) => end.push(chunk)).push(new Uint8Array(0), true);
  const one = concat(segment);
  return concat([...Array.from({ length: mebibytes }, () => one), ...end]);
}

export interface Entry {
  name: string;
  data: Uint8Array;
  /** What the headers say it unpacks to (honest or not). */
  declared: number;
  method: 0 | 8;
}

/** A ZIP archive written field by field, so that its headers may declare any size. */
export function zipOf(entries: Entry[]): Uint8Array {
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
