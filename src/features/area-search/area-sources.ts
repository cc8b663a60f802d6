/** The source the area of interest is drawn from while nobody edits it (area-layer.ts). */
export const AREA_SOURCE = 'area';
/** The prefix of terra-draw's sources and layers, which draw the area while it is drawn or edited. */
export const AREA_DRAW_PREFIX = 'area-draw';
