import { groundResolution } from '../../../core/geo/web-mercator.ts';
import { formatCaptureDays, utcCaptureDays } from '../../format/date-format.ts';
import { scaleBarMetres, scaleBarText } from '../../units/length-format.ts';
import type { TimelapseSurvey } from './timelapse-frames.ts';

type Captured = Pick<TimelapseSurvey, 'captureStart' | 'captureEnd'>;
/** A capture's day(s) under the player, as the app writes them on screen. */
export const captureDate = ({ captureStart, captureEnd }: Captured) => formatCaptureDays(captureStart, captureEnd);
/** A capture's day(s) burned into a video frame: its UTC day, or first and last day (a file handed on). */
const frameCaptureDate = ({ captureStart, captureEnd }: Captured) => utcCaptureDays(captureStart, captureEnd);

/** What every frame of a video carries besides its imagery. */
export interface FrameText {
  title: string;
  attribution: string;
  /** Metres per video pixel at the map's centre, for the scale bar; null for none. */
  metresPerPixel: number | null;
}

/** Metres one pixel of a map drawn at `pixelRatio` covers at its centre (MapLibre's zoom counts 512-px tiles). */
export const metresPerPixel = (mapZoom: number, latitude: number, pixelRatio: number) =>
  groundResolution(mapZoom + 1, latitude) / pixelRatio;

const INK = '#1b1b1b';
const PAPER = 'rgba(255, 255, 255, 0.85)';

/**
 * Burns the caption (survey and capture date, under the title if any) top-left, the sources' attribution bottom-right
 * and optionally a scale bar bottom-left into a frame: boxes over the imagery's corners, the rest of it untouched.
 */
export function drawFrameText(context: OffscreenCanvasRenderingContext2D, survey: TimelapseSurvey, text: FrameText) {
  const { width, height } = context.canvas;
  const unit = Math.max(1, height / 720);
  const pad = Math.round(8 * unit);
  const line = Math.round(22 * unit);
  context.textBaseline = 'middle';
  const box = (lines: { text: string; font: string }[], x: number, y: number, alignRight = false) => {
    const widths = lines.map((l) => {
      context.font = l.font;
      return context.measureText(l.text).width;
    });
    const w = Math.max(...widths) + 2 * pad;
    const h = lines.length * line + pad;
    const left = alignRight ? x - w : x;
    context.fillStyle = PAPER;
    context.fillRect(left, y, w, h);
    context.fillStyle = INK;
    lines.forEach((l, i) => {
      context.font = l.font;
      context.fillText(l.text, left + pad, y + pad / 2 + line * (i + 0.5));
    });
  };
  const caption = [
    ...(text.title ? [{ text: text.title, font: `bold ${Math.round(18 * unit)}px sans-serif` }] : []),
    { text: `${survey.id} · captured ${frameCaptureDate(survey)}`, font: `${Math.round(16 * unit)}px sans-serif` },
  ];
  box(caption, pad, pad);
  if (text.attribution)
    box([{ text: text.attribution, font: `${Math.round(11 * unit)}px sans-serif` }], width, height - line - pad, true);
  if (text.metresPerPixel) drawScaleBar(context, text.metresPerPixel, unit, pad);
}

function drawScaleBar(context: OffscreenCanvasRenderingContext2D, metresPerPixel: number, unit: number, pad: number) {
  const { height } = context.canvas;
  const metres = scaleBarMetres((context.canvas.width / 6) * metresPerPixel);
  const length = metres / metresPerPixel;
  const x = 2 * pad;
  const y = height - 2 * pad - Math.round(6 * unit);
  context.fillStyle = PAPER;
  context.fillRect(pad, y - Math.round(24 * unit), length + 2 * pad, Math.round(36 * unit));
  context.fillStyle = INK;
  context.fillRect(x, y, length, Math.round(5 * unit));
  context.font = `${Math.round(13 * unit)}px sans-serif`;
  context.textBaseline = 'alphabetic';
  context.fillText(scaleBarText(metres), x, y - Math.round(6 * unit));
}
