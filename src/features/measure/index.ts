/** What other features use of measuring: the map's measurement (e.g. to save it as an annotation or print it). */
export type { MeasureKind } from './measure-kinds.ts';
export { measureOf } from './measure-layer.ts';
export { coordinatesText, type Measurement, measure } from './measurement.ts';
