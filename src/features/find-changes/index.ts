/**
 * What other features use of Find changes: its state (the shortcut to the next spot, the link). Its panel, timeline
 * button and map sync are composed by the app shell.
 */
export { findChangesStore, type FindChangesState, useFindChanges } from './find-changes-store.ts';
