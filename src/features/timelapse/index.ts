/** The timelapse: its button and store (the player and video export load on demand). */
export { TimelapseButton } from './TimelapseButton.tsx';
export { timelapseStore, useTimelapse } from './timelapse-store.ts';
