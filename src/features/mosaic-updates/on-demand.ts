/** The mosaic updates' panel, loaded with the signed-in shell. */
export { MosaicUpdates } from './MosaicUpdates.tsx';
