import { AreaInputError } from '../../area/area-input-error.ts';
import { readAreaFile } from '../../area/import-area-file.ts';
import { areaSearchStore } from './area-search-store.ts';
import { uiStore } from '../../state/ui-store.ts';
import { acceptArea, importNote, type AreaOutcome } from './accept-area.ts';

/** Larger files are not areas of interest but whole data sets. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * Reads a GeoJSON, KML, KMZ or WKT file into the area (anything else is refused with what it is); on any problem the
 * current area stays and the panel says why.
 */
export async function importAreaFile(file: File): Promise<AreaOutcome> {
  uiStore.getState().sidebarTabChosen('area');
  const refuse = (message: string): AreaOutcome => {
    areaSearchStore.getState().areaRefused(message);
    return { ok: false, message };
  };
  if (file.size > MAX_FILE_BYTES)
    return refuse(`${file.name} is ${(file.size / 1024 ** 2).toFixed(0)} MB; an area file may be at most 20 MB.`);
  try {
    const imported = await readAreaFile(file);
    return acceptArea(imported.geometry, 'imported', [importNote(file.name, imported)]);
  } catch (error) {
    if (error instanceof AreaInputError) return refuse(`${file.name}: ${error.message}`);
    return refuse(`${file.name} could not be read (${error instanceof Error ? error.message : String(error)}).`);
  }
}
