import type { AreaDrawingOptions } from '../../map/area-drawing.ts';
import { AREA_DRAW_PREFIX, AREA_SOURCE } from './area-sources.ts';

/** How the map draws the area: terra-draw's tools (loaded once the first view is drawn) and how a print names it. */
export const areaDrawing: AreaDrawingOptions = {
  tools: () => import('./area-draw-controller.ts').then((m) => m.AreaDrawController),
  print: {
    label: 'Area of interest',
    ownMarks: true,
    drawsFrom: (sourceId) => sourceId === AREA_SOURCE || sourceId.startsWith(`${AREA_DRAW_PREFIX}-`),
  },
};
