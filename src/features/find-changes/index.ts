/**
 * What other features and the app shell use of Find changes: its state (the shortcut to the next spot, the link) and
 * its timeline button. Its panel and map sync load on demand (on-demand.ts).
 */
export { FindChangesButton } from './FindChangesButton.tsx';
export { findChangesStore, type FindChangesState, useFindChanges } from './find-changes-store.ts';
