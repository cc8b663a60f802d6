/** Saved areas: the list, with saving and opening one (the area search's panel shows it). */
export { SavedAreas } from './SavedAreas.tsx';
