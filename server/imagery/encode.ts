/** PNG / JPEG encoding of 256×256 RGBA tiles. */
import { encode as jpegEncode } from 'jpeg-js';
import { PNG } from 'pngjs';

const TILE_SIZE = 256;

function checkSize(rgba: Uint8Array): void {
  if (rgba.length !== TILE_SIZE * TILE_SIZE * 4) {
    throw new RangeError(
      `expected ${TILE_SIZE}x${TILE_SIZE} RGBA (${TILE_SIZE * TILE_SIZE * 4} bytes), got ${rgba.length}`,
    );
  }
}

/** Encode a 256×256 RGBA buffer as PNG (with alpha). */
export function encodePng(rgba: Uint8Array): Buffer {
  checkSize(rgba);
  const png = new PNG({ width: TILE_SIZE, height: TILE_SIZE, colorType: 6, inputColorType: 6, inputHasAlpha: true });
  png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return PNG.sync.write(png, { colorType: 6, deflateLevel: 6 });
}

/** Encode a 256×256 RGBA buffer as baseline JPEG; (partly) transparent pixels are composited on white. */
export function encodeJpeg(rgba: Uint8Array, quality = 85): Buffer {
  checkSize(rgba);
  const n = TILE_SIZE * TILE_SIZE;
  const data = Buffer.allocUnsafe(n * 4);
  for (let p = 0; p < n * 4; p += 4) {
    const a = rgba[p + 3];
    if (a === 255) {
      data[p] = rgba[p];
      data[p + 1] = rgba[p + 1];
      data[p + 2] = rgba[p + 2];
    } else {
      const k = a / 255;
      const w = 255 * (1 - k);
      data[p] = Math.round(rgba[p] * k + w);
      data[p + 1] = Math.round(rgba[p + 1] * k + w);
      data[p + 2] = Math.round(rgba[p + 2] * k + w);
    }
    data[p + 3] = 255;
  }
  return jpegEncode({ width: TILE_SIZE, height: TILE_SIZE, data }, quality).data;
}
