/**
 * Everything a session shows, in one chunk: fetched while the sign-in dialog is up, so first paint waits for none of
 * it.
 */
export { MapOverlays } from './MapOverlays.tsx';
export { Sidebar } from './Sidebar.tsx';
