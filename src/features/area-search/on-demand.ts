/** The area search's panel and map parts, loaded on demand with the area tab (src/app/area-search-on-demand.ts). */
export { acceptArea } from './accept-area.ts';
export { AreaDropZone } from './AreaDropZone.tsx';
export { AreaSection } from './AreaSection.tsx';
export { AreaSync } from './AreaSync.tsx';
export { AreaToolbar } from './AreaToolbar.tsx';
export { SwappedAxesHint } from './SwappedAxesHint.tsx';
