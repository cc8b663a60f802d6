import { openedOnFirstUse } from '../../state/indexed-db.ts';
import { type Annotation, annotationsFromGeoJson, annotationsToGeoJson } from './annotation.ts';

/** Where annotations are kept in the browser: IndexedDB (they outlive reloads; nothing is sent anywhere). */
export interface AnnotationStorage {
  readAll(): Promise<Annotation[]>;
  write(changes: { put: readonly Annotation[]; remove: readonly string[] }): Promise<void>;
}

const DB_NAME = 'survey-viewer';
const STORE = 'annotations';

const database = openedOnFirstUse(DB_NAME, 1, {
  upgrade(db) {
    db.createObjectStore(STORE, { keyPath: 'id' });
  },
});

/** The browser's IndexedDB, through `idb`. Records are read back through the GeoJSON reader: a bad one is skipped. */
export const indexedDbAnnotations: AnnotationStorage = {
  async readAll() {
    const records = (await (await database()).getAll(STORE)) as Annotation[];
    const geojson = annotationsToGeoJson(records.filter((r) => r && typeof r === 'object' && 'geometry' in r));
    return annotationsFromGeoJson(geojson).annotations.sort((a, b) => a.created.localeCompare(b.created));
  },
  async write({ put, remove }) {
    const tx = (await database()).transaction(STORE, 'readwrite');
    await Promise.all([...put.map((a) => tx.store.put(a)), ...remove.map((id) => tx.store.delete(id)), tx.done]);
  },
};
