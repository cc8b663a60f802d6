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
  /**
   * The off-screen map's CSS size, centred on the map's as the map shows it, and the pixel ratio that draws it at the
   * video's size: what the video shows is this box of the map on screen.
   */
  css: { width: number; height: number };
  pixelRatio: number;
}

const even = (n: number) => Math.max(2, 2 * Math.floor(n / 2));

/**
 * A standard size keeps the map's centre and zoom and shows the largest box of its shape that the map on screen holds
 * (the whole width of a wide map, the whole height of a tall one), drawn at the pixel ratio that fills the video's
 * pixels: nothing in the video lies outside what the screen shows, and the dialog outlines that box on the map.
 */
export function videoSize(choice: VideoSizeChoice, map: { width: number; height: number }): VideoSize {
  if (choice === 'map') {
    const width = even(map.width);
    const height = even(map.height);
    return { width, height, css: { width, height }, pixelRatio: 1 };
  }
  const [width, height] = STANDARD[choice];
  const scale = Math.min(map.width / width, map.height / height);
  const css = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
  return { width, height, css, pixelRatio: width / css.width };
}
