/** The timeline, loaded when it is first shown. */
export { Timeline } from './Timeline.tsx';
