import { type IDBPDatabase, type OpenDBCallbacks, openDB } from 'idb';

/** An IndexedDB database opened on first use and shared after; an opening that failed is tried again next time. */
export function openedOnFirstUse(
  name: string,
  version: number,
  callbacks: OpenDBCallbacks<unknown>,
): () => Promise<IDBPDatabase> {
  let opening: Promise<IDBPDatabase> | null = null;
  return () =>
    (opening ??= openDB(name, version, callbacks).catch((error: unknown) => {
      opening = null;
      throw error;
    }));
}
