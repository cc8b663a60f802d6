/** What other features use of mosaic updates: the store of what was asked for. */
export { mosaicUpdatesStore } from './mosaic-updates-store.ts';
