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
  /** 0 stored, 8 deflated; anything else, a method a reader does not know. */
  method: number;
  /**
   * The central directory's fields given as 0xffffffff, their values in a ZIP64 extra field (after another extra
   * field, a timestamp), as writers of large or streamed archives do.
   */
  zip64?: ('size' | 'compressedSize' | 'offset')[];
}

const MAX32 = 0xffffffff;

/** A timestamp extra field (ignored by readers), then the ZIP64 one with the given 64-bit values. */
function extraFields(values: number[]): Uint8Array {
  if (values.length === 0) return new Uint8Array(0);
  const extra = new DataView(new ArrayBuffer(9 + 4 + 8 * values.length));
  extra.setUint16(0, 0x5455, true);
  extra.setUint16(2, 5, true);
  extra.setUint16(9, 0x0001, true);
  extra.setUint16(11, 8 * values.length, true);
  values.forEach((value, i) => {
    extra.setBigUint64(13 + 8 * i, BigInt(value), true);
  });
  return new Uint8Array(extra.buffer);
}

/** A ZIP archive written field by field, so that its headers may declare any size. */
export function zipOf(entries: Entry[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const { name, data, declared, method, zip64 = [] } of entries) {
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
    const in64 = (field: 'size' | 'compressedSize' | 'offset', value: number) =>
      zip64.includes(field) ? MAX32 : value;
    central.setUint32(20, in64('compressedSize', data.length), true);
    central.setUint32(24, in64('size', declared), true);
    central.setUint16(28, nameBytes.length, true);
    central.setUint32(42, in64('offset', offset), true);
    // In the order the format gives them.
    const values = { size: declared, compressedSize: data.length, offset };
    const extra = extraFields(
      (['size', 'compressedSize', 'offset'] as const).filter((f) => zip64.includes(f)).map((f) => values[f]),
    );
    central.setUint16(30, extra.length, true);
    locals.push(new Uint8Array(local.buffer), nameBytes, data);
    centrals.push(new Uint8Array(central.buffer), nameBytes, extra);
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
