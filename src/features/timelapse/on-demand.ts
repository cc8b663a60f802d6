/** The timelapse player (and its video export), loaded when the timelapse opens. */
export { Timelapse } from './Timelapse.tsx';
