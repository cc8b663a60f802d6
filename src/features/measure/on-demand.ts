/** The measure tools, loaded with the map's tool column. */
export { MeasureTools } from './MeasureTools.tsx';
