import type { StoreApi } from 'zustand';
import type { AnnotationsState } from './annotations-store.ts';
import type { Annotation } from './annotation.ts';
import type { AnnotationStorage } from './annotation-db.ts';

/**
 * Keeps the annotations store and the browser's storage in step: reads what was kept, then writes each change (the
 * records that changed and those deleted). A failed write loses nothing: the store keeps every annotation, says why
 * it was not saved, and the next change (or `retry`) writes everything not yet saved.
 */
export function persistAnnotations(store: StoreApi<AnnotationsState>, storage: AnnotationStorage) {
  /** id → `updated` of what storage holds. */
  let saved = new Map<string, string>();
  let writing = Promise.resolve();

  const pending = (annotations: readonly Annotation[]) => ({
    put: annotations.filter((a) => saved.get(a.id) !== a.updated),
    remove: [...saved.keys()].filter((id) => !annotations.some((a) => a.id === id)),
  });

  const flush = () =>
    (writing = writing.then(async () => {
      const { annotations } = store.getState();
      const changes = pending(annotations);
      if (changes.put.length === 0 && changes.remove.length === 0) return;
      try {
        await storage.write(changes);
        saved = new Map(annotations.map((a) => [a.id, a.updated]));
        if (store.getState().saveProblem) store.getState().annotationsSaved();
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        store
          .getState()
          .annotationsSaveFailed(`Not saved in this browser (${reason}); they stay here until you close it.`);
      }
    }));

  const ready = storage.readAll().then(
    (stored) => {
      saved = new Map(stored.map((a) => [a.id, a.updated]));
      store.getState().annotationsLoaded(stored);
    },
    (error: unknown) => {
      store.getState().annotationsLoaded([]);
      const reason = error instanceof Error ? error.message : String(error);
      store.getState().annotationsSaveFailed(`This browser's storage could not be opened (${reason}).`);
    },
  );
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.loaded && state.annotations !== previous.annotations) void flush();
  });
  return {
    ready: ready.then(flush).then(() => writing),
    retry: () => flush(),
    /** Resolves once every change so far has been written (or has failed). */
    settled: () => writing,
    stop: unsubscribe,
  };
}
