/** Other features use nothing of the timeline: the app shell loads it when it is first shown (on-demand.ts). */
export {};
