import { describe, expect, it } from 'vitest';
import { drawFrameText } from './frame-caption.ts';

/**
 * Issue 45, untried: hostile survey ids and text in the video's captions. A caption is burned into the frame's pixels
 * with the canvas's fillText, which draws characters and interprets none: an id that is markup is drawn as those
 * characters, whole, and a title or attribution likewise. (A recording context stands in for OffscreenCanvas.)
 */

const HOSTILE_ID = '<img src=x onerror=alert(1)>';
const TITLE = '<script>alert(document.cookie)</script> \u202eRTL';

function recordingContext() {
  const drawn: string[] = [];
  const context = {
    canvas: { width: 1280, height: 720 },
    font: '',
    fillStyle: '',
    textBaseline: '',
    measureText: (text: string) => ({ width: text.length * 8 }),
    fillRect: () => undefined,
    fillText: (text: string) => {
      drawn.push(text);
    },
  };
  return { context: context as unknown as OffscreenCanvasRenderingContext2D, drawn };
}

describe('video captions with hostile text', () => {
  it('are drawn as the characters they are, whole', () => {
    const { context, drawn } = recordingContext();
    const survey = {
      id: HOSTILE_ID,
      captureStart: '2024-06-01T16:00:00.000Z',
      captureEnd: '2024-06-03T19:00:00.000Z',
      cloudCover: null,
      bounds: [0, 0, 1, 1] as [number, number, number, number],
    };
    drawFrameText(context, survey, { title: TITLE, attribution: `© ${HOSTILE_ID}`, metresPerPixel: null });
    expect(drawn).toEqual([TITLE, `${HOSTILE_ID} · captured 2024-06-01 – 2024-06-03`, `© ${HOSTILE_ID}`]);
  });
});
