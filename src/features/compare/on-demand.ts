/** The comparison's view (the swipe and its controls), loaded when a comparison opens. */
export { CompareView } from './CompareView.tsx';
