/**
 * The area type lives in the geo core (core/geo/geometry.ts). This re-export is left only for src/map/survey-map.ts,
 * whose import changes when the map class is split into layer modules; nothing else should import it.
 */
export type { AreaGeometry } from '../../core/geo/geometry.ts';
