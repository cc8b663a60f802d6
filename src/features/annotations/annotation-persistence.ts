import { annotationsStore } from './annotations-store.ts';
import { indexedDbAnnotations } from './annotation-db.ts';
import { persistAnnotations } from './persist-annotations.ts';

let running: ReturnType<typeof persistAnnotations> | null = null;

/** The page's one link between the annotations store and IndexedDB, started on first use. */
export const annotationPersistence = () => (running ??= persistAnnotations(annotationsStore, indexedDbAnnotations));
