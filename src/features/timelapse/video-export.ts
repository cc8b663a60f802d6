import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import {
  BufferTarget,
  CanvasSource,
  getFirstEncodableVideoCodec,
  Mp4OutputFormat,
  Output,
  QUALITY_HIGH,
  type VideoCodec,
  WebMOutputFormat,
} from 'mediabunny';
import type { FrameRenderer } from '../../map/map-render.ts';
import { type FrameTiles, frameRaster } from './frame-imagery.ts';
import { drawFrameText, type FrameText } from './frame-caption.ts';
import type { TimelapseSurvey } from './timelapse-frames.ts';

/** Loaded with the export dialog's first use: the muxer (mediabunny) and the GIF encoder stay out of the app. */

export type VideoFormat = 'webm' | 'mp4' | 'gif';

const CODEC_NAMES: Record<VideoCodec, string> = {
  avc: 'H.264',
  hevc: 'H.265',
  vp9: 'VP9',
  av1: 'AV1',
  vp8: 'VP8',
  prores: 'ProRes',
};

/** The codec each container is written with in this browser: MP4 in H.264 where it encodes it, else VP9 or AV1. */
export async function videoCodecs(size: { width: number; height: number }) {
  const [webm, mp4] = await Promise.all([
    getFirstEncodableVideoCodec(['vp9'], size),
    getFirstEncodableVideoCodec(['avc', 'vp9', 'av1'], size),
  ]);
  return { webm, mp4 };
}

export const codecName = (codec: VideoCodec) => CODEC_NAMES[codec];

export interface VideoFrame {
  survey: TimelapseSurvey;
  tiles: FrameTiles;
}

export interface VideoExport {
  format: VideoFormat;
  frames: readonly VideoFrame[];
  renderer: FrameRenderer;
  width: number;
  height: number;
  frameMs: number;
  text: Omit<FrameText, 'attribution'>;
  signal: AbortSignal;
  /** After each frame is encoded. */
  onFrame(done: number): void;
}

export interface VideoFile {
  blob: Blob;
  extension: string;
  codec: string;
  /** Frames drawn with tiles still missing after a second try, by survey. */
  incomplete: string[];
}

const abortError = () => new DOMException('The video export was cancelled.', 'AbortError');

/**
 * Draws the frames one after another off-screen, each composed with its caption, the attribution and the options'
 * title and scale bar, and encodes each as soon as it is drawn: no frame is kept, only the file being written.
 */
export async function exportVideo(job: VideoExport): Promise<VideoFile> {
  const canvas = new OffscreenCanvas(job.width, job.height);
  const context = canvas.getContext('2d', { willReadFrequently: job.format === 'gif' })!;
  const attribution = job.renderer.attributions().join(' · ');
  const incomplete: string[] = [];
  const drawFrame = async (frame: VideoFrame) => {
    const drawn = await job.renderer.draw(frameRaster(frame.tiles), job.signal);
    if (drawn.failed.length > 0) incomplete.push(frame.survey.id);
    context.drawImage(drawn.canvas, 0, 0, job.width, job.height);
    drawFrameText(context, frame.survey, { ...job.text, attribution });
  };
  if (job.format === 'gif') return { ...(await encodeGif(job, context, drawFrame)), incomplete };
  return { ...(await encodeVideo(job, canvas, drawFrame)), incomplete };
}

async function encodeVideo(
  job: VideoExport,
  canvas: OffscreenCanvas,
  drawFrame: (frame: VideoFrame) => Promise<void>,
): Promise<Omit<VideoFile, 'incomplete'>> {
  const size = { width: job.width, height: job.height };
  const codecs = await videoCodecs(size);
  const codec = job.format === 'webm' ? codecs.webm : codecs.mp4;
  if (!codec) throw new Error(`This browser cannot encode ${job.format === 'webm' ? 'VP9' : 'H.264, VP9 or AV1'}.`);
  const target = new BufferTarget();
  const output = new Output({
    format: job.format === 'webm' ? new WebMOutputFormat() : new Mp4OutputFormat({ fastStart: 'in-memory' }),
    target,
  });
  const seconds = job.frameMs / 1000;
  // Every frame a key frame: each capture stands alone, and a player can seek to any.
  const source = new CanvasSource(canvas, { codec, bitrate: QUALITY_HIGH, keyFrameInterval: 0 });
  output.addVideoTrack(source, { frameRate: 1 / seconds });
  await output.start();
  try {
    for (const [i, frame] of job.frames.entries()) {
      if (job.signal.aborted) throw abortError();
      await drawFrame(frame);
      await source.add(i * seconds, seconds);
      job.onFrame(i + 1);
    }
    await output.finalize();
  } catch (error) {
    await output.cancel().catch(() => undefined);
    throw error;
  }
  const type = job.format === 'webm' ? 'video/webm' : 'video/mp4';
  return { blob: new Blob([target.buffer!], { type }), extension: job.format, codec: codecName(codec) };
}

async function encodeGif(
  job: VideoExport,
  context: OffscreenCanvasRenderingContext2D,
  drawFrame: (frame: VideoFrame) => Promise<void>,
): Promise<Omit<VideoFile, 'incomplete'>> {
  const gif = GIFEncoder();
  for (const [i, frame] of job.frames.entries()) {
    if (job.signal.aborted) throw abortError();
    await drawFrame(frame);
    const { data } = context.getImageData(0, 0, job.width, job.height);
    const palette = quantize(data, 256);
    gif.writeFrame(applyPalette(data, palette), job.width, job.height, { palette, delay: job.frameMs, repeat: 0 });
    job.onFrame(i + 1);
  }
  gif.finish();
  return { blob: new Blob([gif.bytes()], { type: 'image/gif' }), extension: 'gif', codec: 'GIF' };
}
