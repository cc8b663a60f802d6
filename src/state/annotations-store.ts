import { createStore, useStore } from 'zustand';
import type { Annotation } from '../annotations/annotation.ts';

export interface AnnotationsState {
  annotations: Annotation[];
  /** Whether what the browser kept has been read. */
  loaded: boolean;
  /** Why the last write to the browser's storage failed (the annotations are still here, and saved on the next try). */
  saveProblem: string | null;
  /** A link left its annotations out (too many for a link): how many. */
  omittedFromLink: number | null;
  annotationsLoaded(stored: Annotation[]): void;
  annotationAdded(annotation: Annotation): void;
  annotationEdited(id: string, changes: Partial<Pick<Annotation, 'title' | 'note'>>): void;
  annotationDeleted(id: string): void;
  /** From a file or a link: an annotation already here (same id) is replaced, the rest added. */
  annotationsImported(annotations: Annotation[]): void;
  annotationsSaved(): void;
  annotationsSaveFailed(problem: string): void;
  linkOmittedAnnotations(count: number | null): void;
}

const merged = (base: Annotation[], added: Annotation[]) => {
  const ids = new Set(added.map((a) => a.id));
  return [...base.filter((a) => !ids.has(a.id)), ...added];
};

/** The user's annotations (client data: kept in IndexedDB by annotations/persist-annotations.ts). */
export const createAnnotationsStore = () =>
  createStore<AnnotationsState>()((set) => ({
    annotations: [],
    loaded: false,
    saveProblem: null,
    omittedFromLink: null,
    // Kept ones first; any made (or opened from a link) before they were read stay.
    annotationsLoaded: (stored) => set((s) => ({ annotations: merged(stored, s.annotations), loaded: true })),
    annotationAdded: (annotation) => set((s) => ({ annotations: [...s.annotations, annotation] })),
    annotationEdited: (id, changes) =>
      set((s) => ({
        annotations: s.annotations.map((a) =>
          a.id === id ? { ...a, ...changes, updated: new Date().toISOString() } : a,
        ),
      })),
    annotationDeleted: (id) => set((s) => ({ annotations: s.annotations.filter((a) => a.id !== id) })),
    annotationsImported: (annotations) => set((s) => ({ annotations: merged(s.annotations, annotations) })),
    annotationsSaved: () => set({ saveProblem: null }),
    annotationsSaveFailed: (saveProblem) => set({ saveProblem }),
    linkOmittedAnnotations: (omittedFromLink) => set({ omittedFromLink }),
  }));

export const annotationsStore = createAnnotationsStore();

export const useAnnotations = <T>(selector: (state: AnnotationsState) => T): T => useStore(annotationsStore, selector);
