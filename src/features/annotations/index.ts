/** What other features use of annotations: the notes (to print them). */
export { type Annotation, boundsOf, describeAnnotation } from './annotation.ts';
export { annotationsStore } from './annotations-store.ts';
export { annotationsFromLinkParam, annotationsLinkParam } from './annotation-link.ts';
