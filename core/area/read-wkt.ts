import { parse } from 'wellknown';
import {
  type StructureCheck,
  checkAreaStructure,
  type StructureOptions,
  type StructureProblem,
} from './area-structure.ts';

/** Why WKT text is not an area: not WKT at all, text after the geometry, or the structure check's problem. */
export type WktProblem = { code: 'not-wkt' } | { code: 'text-after-geometry'; text: string } | StructureProblem;

export type WktReading = StructureCheck | { area?: undefined; problem: WktProblem };

/**
 * The one reading of an area from WKT (text pasted in the viewer, the service's `wkt` parameter): wellknown's parse,
 * then the structure check, answering a problem code that each side words. `exact`: text after the geometry, which
 * wellknown ignores (so silently dropping, say, a second polygon), is a problem too.
 */
export function readAreaWkt(
  wkt: string,
  { exact = false, ...options }: StructureOptions & { exact?: boolean } = {},
): WktReading {
  let geometry: ReturnType<typeof parse>;
  try {
    geometry = parse(wkt);
  } catch {
    geometry = null;
  }
  if (!geometry) return { problem: { code: 'not-wkt' } };
  const trailing = exact ? textAfterGeometry(wkt) : '';
  if (trailing) return { problem: { code: 'text-after-geometry', text: trailing } };
  return checkAreaStructure(geometry, options);
}

/** What follows the geometry's last closing parenthesis. */
function textAfterGeometry(wkt: string): string {
  let depth = 0;
  for (let i = 0; i < wkt.length; i++) {
    if (wkt[i] === '(') depth++;
    else if (wkt[i] === ')' && --depth === 0) return wkt.slice(i + 1).trim();
  }
  return '';
}
