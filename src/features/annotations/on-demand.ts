/** Annotations, loaded once the map is first drawn or the Notes tab opens. */
export { AnnotationsPanel } from './AnnotationsPanel.tsx';
export { AnnotationsSync } from './AnnotationsSync.tsx';
export { LinkedNotesPrompt } from './LinkedNotesPrompt.tsx';
export { SaveAnnotation } from './SaveAnnotation.tsx';
