import { createStore, useStore } from 'zustand';
import type { Annotation } from './annotation.ts';
import { newFromLink } from './annotation-link.ts';

export interface AnnotationsState {
  annotations: Annotation[];
  /** Whether what the browser kept has been read. */
  loaded: boolean;
  /** Why the last write to the browser's storage failed (the annotations are still here, and saved on the next try). */
  saveProblem: string | null;
  /** A link left its annotations out (too many for a link): how many. */
  omittedFromLink: number | null;
  /**
   * The annotations a link opened in this tab carries, until the user adds them or not (never stored meanwhile); null
   * when there is none, or once what was kept is read and it holds nothing new.
   */
  linkOffer: Annotation[] | null;
  annotationsLoaded(stored: Annotation[]): void;
  annotationAdded(annotation: Annotation): void;
  annotationEdited(id: string, changes: Partial<Pick<Annotation, 'title' | 'note'>>): void;
  annotationDeleted(id: string): void;
  /** From a file or a link: an annotation already here (same id) is replaced, the rest added. */
  annotationsImported(annotations: Annotation[]): void;
  annotationsSaved(): void;
  annotationsSaveFailed(problem: string): void;
  linkOmittedAnnotations(count: number | null): void;
  linkNotesOffered(annotations: Annotation[]): void;
  /** The user added a link's notes: the new ones, up to MAX_LINKED_NOTES. */
  linkNotesAccepted(): void;
  linkNotesDeclined(): void;
}

const merged = (base: Annotation[], added: Annotation[]) => {
  const ids = new Set(added.map((a) => a.id));
  return [...base.filter((a) => !ids.has(a.id)), ...added];
};

/** An offer that would add nothing (every note already here) is no offer. */
const offerOf = (offer: Annotation[] | null, present: Annotation[]) =>
  offer && newFromLink(offer, present).count > 0 ? offer : null;

/** The user's annotations (client data: kept in IndexedDB by annotations/persist-annotations.ts). */
export const createAnnotationsStore = () =>
  createStore<AnnotationsState>()((set) => ({
    annotations: [],
    loaded: false,
    saveProblem: null,
    omittedFromLink: null,
    linkOffer: null,
    // Kept ones first; any made before they were read stay. A link's offer is weighed against them once they are read.
    annotationsLoaded: (stored) =>
      set((s) => {
        const annotations = merged(stored, s.annotations);
        return { annotations, loaded: true, linkOffer: offerOf(s.linkOffer, annotations) };
      }),
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
    linkNotesOffered: (offer) => set((s) => ({ linkOffer: s.loaded ? offerOf(offer, s.annotations) : offer })),
    linkNotesAccepted: () =>
      set((s) => ({
        annotations: s.linkOffer ? [...s.annotations, ...newFromLink(s.linkOffer, s.annotations).added] : s.annotations,
        linkOffer: null,
      })),
    linkNotesDeclined: () => set({ linkOffer: null }),
  }));

export const annotationsStore = createAnnotationsStore();

export const useAnnotations = <T>(selector: (state: AnnotationsState) => T): T => useStore(annotationsStore, selector);
