import { encode as encodeJpeg } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { jpegFrame, squareSampling } from './jpeg-frame.ts';

const jpeg = new Uint8Array(encodeJpeg({ width: 256, height: 256, data: Buffer.alloc(256 * 256 * 4, 128) }, 85).data);

/** The same stream with its frame header's type and luma sampling changed. */
function withFrame(marker: number, lumaSampling: number): Uint8Array {
  const copy = jpeg.slice();
  for (let at = 2; at < copy.length; at += 2 + ((copy[at + 2] << 8) | copy[at + 3])) {
    if (copy[at + 1] === 0xc0) {
      copy[at + 1] = marker;
      copy[at + 4 + 6 + 1] = lumaSampling;
      return copy;
    }
  }
  throw new Error('no frame header');
}

describe('the JPEG frame header', () => {
  it("reads a baseline stream's size and luma sampling (jpeg-js writes 4:4:4)", () => {
    expect(jpegFrame(jpeg)).toEqual({ width: 256, height: 256, sampling: [1, 1] });
    expect(squareSampling(jpegFrame(withFrame(0xc0, 0x22))!)).toBe(2);
    expect(squareSampling(jpegFrame(withFrame(0xc0, 0x21))!)).toBeNull(); // 4:2:2: no tile of ours has it
  });

  it('refuses what a TIFF tile cannot hold as it is: progressive streams, PNG, truncated bytes', () => {
    expect(jpegFrame(withFrame(0xc2, 0x11))).toBeNull();
    expect(jpegFrame(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBeNull();
    expect(jpegFrame(jpeg.subarray(0, 30))).toBeNull();
  });
});
