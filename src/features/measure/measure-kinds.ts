/** What is measured: a path's length, an area (with its perimeter), or one point's coordinates. */
export type MeasureKind = 'distance' | 'area' | 'point';

/** Points an area needs before it has a size. */
export const MIN_AREA_POINTS = 3;

/** Points a measurement of this kind needs to be kept when it ends. */
export const minPoints = (kind: MeasureKind): number => ({ point: 1, distance: 2, area: MIN_AREA_POINTS })[kind];
