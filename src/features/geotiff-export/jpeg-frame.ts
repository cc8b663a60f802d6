import { startsAsJpeg } from '../../workers/tile-decoder.ts';

/**
 * What a TIFF needs to know about a JPEG stream to store it as one of its tiles unchanged: its frame (SOF) header.
 * libtiff's JPEG codec, with YCbCr photometric, reads sequential 8-bit three-component streams whose chroma has
 * sampling 1 × 1 and whose luma sampling equals the image's YCbCrSubSampling tag (else "Improper JPEG sampling").
 */
export interface JpegFrame {
  width: number;
  height: number;
  /** Luma's horizontal and vertical sampling factors: 1 × 1 is 4:4:4, 2 × 2 is 4:2:0. */
  sampling: readonly [h: number, v: number];
}

/** Luma sampling a TIFF tile may have here: 4:4:4 or 4:2:0, the two the browser's encoder can also write. */
export type Sampling = 1 | 2;

const SOS = 0xda;
/** Baseline and extended sequential Huffman frames: what libtiff's JPEG codec reads in a tile. */
const SEQUENTIAL = new Set([0xc0, 0xc1]);
const OTHER_FRAMES = new Set([0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** The frame header of a sequential, 8-bit, three-component (YCbCr) JPEG whose chroma is 1 × 1; else null. */
export function jpegFrame(bytes: Uint8Array): JpegFrame | null {
  if (bytes.length < 4 || !startsAsJpeg(bytes)) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (marker === SOS || OTHER_FRAMES.has(marker)) return null;
    if (SEQUENTIAL.has(marker)) return frameAt(bytes, at + 4, length - 2);
    at += 2 + length;
  }
  return null;
}

function frameAt(bytes: Uint8Array, at: number, length: number): JpegFrame | null {
  if (length < 6 + 9 || at + length > bytes.length) return null;
  const precision = bytes[at];
  const height = (bytes[at + 1] << 8) | bytes[at + 2];
  const width = (bytes[at + 3] << 8) | bytes[at + 4];
  const components = bytes[at + 5];
  if (precision !== 8 || components !== 3) return null;
  const factors = [0, 1, 2].map((i) => bytes[at + 6 + i * 3 + 1]);
  const [h, v] = [factors[0] >> 4, factors[0] & 15];
  if (factors[1] !== 0x11 || factors[2] !== 0x11) return null;
  return { width, height, sampling: [h, v] };
}

/** The frame's sampling when it is one a tile of this file may have (square: 1 × 1 or 2 × 2). */
export function squareSampling(frame: JpegFrame): Sampling | null {
  const [h, v] = frame.sampling;
  return h === v && (h === 1 || h === 2) ? h : null;
}
