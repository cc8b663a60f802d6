/** What other features use of the timeline: the captures it shows. */
export { useTimelineCaptures } from './use-timeline-captures.ts';
