/// <reference lib="webworker" />
import { TILE_SIZE } from '../../core/geo/tile-address.ts';

/**
 * The browser's own image decoder, in a worker (the GeoTIFF export's, the change engine's): a tile's pixels read as
 * the file holds them (no colour-space conversion, alpha not premultiplied).
 */

/** RGBA of a decoded tile, rows top to bottom, alpha not premultiplied. */
export type DecodedPixels = Uint8Array | Uint8ClampedArray;

/**
 * A 2D canvas kept in memory (willReadFrequently): every canvas here is read back or encoded, which on a
 * GPU-backed canvas costs a round trip to the GPU process for each tile.
 */
export function canvasContext(): OffscreenCanvasRenderingContext2D {
  const context = new OffscreenCanvas(TILE_SIZE, TILE_SIZE).getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser cannot draw in a worker (no OffscreenCanvas 2D).');
  return context;
}

/** Whether the bytes begin as a JPEG does (its start-of-image marker). */
export const startsAsJpeg = (bytes: Uint8Array): boolean => bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xd8;

/** The image type of a tile's bytes, by their signature (an operator's directory may answer either). */
const imageType = (bytes: Uint8Array): string => (startsAsJpeg(bytes) ? 'image/jpeg' : 'image/png');

const wrongSize = (width: number, height: number) =>
  new Error(`A tile of ${width} × ${height} pixels; web tiles are 256 × 256.`);

/**
 * Decodes a tile (PNG or JPEG) to RGBA as sent: `size` × `size` where the decoder can scale as it decodes (a JPEG:
 * libjpeg's DCT scaling), else 256 × 256. WebCodecs' ImageDecoder reads the bytes where they are and converts straight
 * to RGBA (~0.5 ms a tile against ~1.5 ms through a Blob, an ImageBitmap and a canvas); a browser without it (or
 * outside a secure context, where it is not offered) takes the canvas way.
 */
export function imageDecoder(): (image: Uint8Array, size?: number) => Promise<DecodedPixels> {
  const decode = typeof ImageDecoder === 'function' ? webCodecsDecoder() : canvasDecoder();
  return (image, size = TILE_SIZE) => decode(image, size);
}

type Decode = (image: Uint8Array, size: number) => Promise<DecodedPixels>;

function webCodecsDecoder(): Decode {
  let viaCanvas: Decode | null = null;
  const decode: Decode = async (image, size) => {
    const decoder = new ImageDecoder({
      data: image,
      type: imageType(image),
      colorSpaceConversion: 'none',
      ...(size === TILE_SIZE ? {} : { desiredWidth: size, desiredHeight: size }),
      // In the WebCodecs spec and Chromium, not yet in TypeScript's DOM types.
      ...{ premultiplyAlpha: 'none' },
    });
    try {
      const { image: frame } = await decoder.decode();
      try {
        const width = frame.displayWidth;
        // Scaled by some other step than asked for: decoded whole instead.
        if (width !== size && width !== TILE_SIZE && size !== TILE_SIZE) return await decode(image, TILE_SIZE);
        if ((width !== size && width !== TILE_SIZE) || frame.displayHeight !== width)
          throw wrongSize(width, frame.displayHeight);
        const rgba = new Uint8ClampedArray(width * width * 4);
        await frame.copyTo(rgba, { format: 'RGBA' });
        return rgba;
      } catch (error) {
        // copyTo converts to RGBA from Chromium 127 / Firefox 130 on; an earlier one draws the frame instead.
        if (!(error instanceof TypeError || (error instanceof DOMException && error.name === 'NotSupportedError')))
          throw error;
        viaCanvas ??= canvasDecoder();
        return viaCanvas(image, TILE_SIZE);
      } finally {
        frame.close();
      }
    } finally {
      decoder.close();
    }
  };
  return decode;
}

/** The canvas way: an ImageBitmap drawn and read back, at full size. */
function canvasDecoder(): Decode {
  const context = canvasContext();
  return async (image) => {
    const blob = new Blob([image as Uint8Array<ArrayBuffer>], { type: imageType(image) });
    const bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
    try {
      if (bitmap.width !== TILE_SIZE || bitmap.height !== TILE_SIZE) throw wrongSize(bitmap.width, bitmap.height);
      // Synchronous from here on: concurrent decodes cannot interleave on the shared canvas.
      context.clearRect(0, 0, TILE_SIZE, TILE_SIZE);
      context.drawImage(bitmap, 0, 0);
      return context.getImageData(0, 0, TILE_SIZE, TILE_SIZE).data;
    } finally {
      bitmap.close();
    }
  };
}
