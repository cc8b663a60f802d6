/** What other features use of measuring: the map's measurement (e.g. to save it as an annotation or print it). */
export { measureOf } from './measure-layer.ts';
