import { areaToGeoJson } from '../../area/export-area.ts';
import { jsonFileText, saveText } from '../../ui/save-file.ts';
import type { ActiveArea } from './area-search-store.ts';

/** The area as a file, loaded only when the user asks for one. */

export function saveAreaWkt(area: ActiveArea): void {
  saveText('area.wkt', `${area.wkt}\n`, 'text/plain');
}

export function saveAreaGeoJson(area: ActiveArea): void {
  saveText('area.geojson', jsonFileText(areaToGeoJson(area.geometry)), 'application/geo+json');
}
