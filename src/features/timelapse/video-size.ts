/** A video's frame size: the map's, or a standard one. */
export type VideoSizeChoice = 'map' | '720p' | '1080p';

export const VIDEO_SIZES: Record<VideoSizeChoice, string> = {
  '720p': '720p (1280 × 720)',
  '1080p': '1080p (1920 × 1080)',
  map: "The map's size",
};

const STANDARD = { '720p': [1280, 720], '1080p': [1920, 1080] } as const;

export interface VideoSize {
  /** The video's pixels (even: encoders work in 2 × 2 blocks). */
  width: number;
  height: number;
  /** The off-screen map's CSS size and pixel ratio: about the screen's ground area, drawn sharp at the video's size. */
  css: { width: number; height: number };
  pixelRatio: number;
}

const even = (n: number) => Math.max(2, 2 * Math.floor(n / 2));

/**
 * A standard size keeps the map's centre and zoom and draws about as much ground as the screen shows, at a pixel
 * ratio that fills the video's pixels (never under 1: a smaller video shows less around the centre rather than
 * shrinking labels).
 */
export function videoSize(choice: VideoSizeChoice, map: { width: number; height: number }): VideoSize {
  if (choice === 'map') {
    const width = even(map.width);
    const height = even(map.height);
    return { width, height, css: { width, height }, pixelRatio: 1 };
  }
  const [width, height] = STANDARD[choice];
  const pixelRatio = Math.min(4, Math.max(1, Math.sqrt((width * height) / (map.width * map.height))));
  return {
    width,
    height,
    css: { width: Math.round(width / pixelRatio), height: Math.round(height / pixelRatio) },
    pixelRatio,
  };
}
