/**
 * What a tile the gateway relays must be: an image content type the viewer and desktop GIS draw, and bytes that start
 * as that image does. Anything else (a page, text, an "image" of other bytes) is not relayed as a tile.
 */
const SIGNATURES: Record<string, (bytes: Uint8Array) => boolean> = {
  'image/png': (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  // RIFF, the file's length, WEBP.
  'image/webp': (b) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b.subarray(8), [0x57, 0x45, 0x42, 0x50]),
};

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

/** The media type a content type names (no parameters, lower case), or null. */
export function mediaType(contentType: string | null): string | null {
  if (contentType === null) return null;
  const type = contentType.split(';', 1)[0].trim().toLowerCase();
  return type === '' ? null : type;
}

/** The image type the bytes are, when the content type names it and the bytes start as it does; else null. */
export function tileImageType(contentType: string | null, bytes: Uint8Array): string | null {
  const type = mediaType(contentType);
  return type !== null && Object.hasOwn(SIGNATURES, type) && SIGNATURES[type](bytes) ? type : null;
}
