/**
 * Everything a session shows, in one chunk: fetched while the sign-in dialog is up, so first paint waits for none of
 * it.
 */
export { OnTheMap } from './OnTheMap.tsx';
export { Sidebar } from './Sidebar.tsx';
