/** Layer URLs and tile keys for other programs: the button that opens them, for the selected survey. */
export { CopyLayerUrl } from './CopyLayerUrl.tsx';
