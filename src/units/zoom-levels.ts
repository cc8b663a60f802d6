import { groundResolution } from '../../core/geo/web-mercator.ts';

/**
 * Two zooms meet in this app: the map's (MapLibre counts 512-pixel tiles) and the service's tile zoom (256-pixel
 * tiles, z14–z21), one higher at the same scale. These sentences say which is which wherever both appear.
 */

const roundZoom = (zoom: number) => String(Math.round(zoom * 10) / 10);

function groundText(metres: number): string {
  return metres < 1 ? `${Math.round(metres * 100)} cm` : `${metres < 10 ? metres.toFixed(1) : Math.round(metres)} m`;
}

/** Why a survey's imagery does not show yet: "… from map zoom 12.5 (the service's tile zoom 14)." */
export function imageryZoomHint(surveyId: string, minTileZoom: number, fromMapZoom: number): string {
  return (
    `Zoom in to see the imagery of ${surveyId}: it is drawn from map zoom ${roundZoom(fromMapZoom)} ` +
    `(the service's tile zoom ${minTileZoom}).`
  );
}

/** The map's zoom now, in the same words: "Map zoom now 9.3." */
export const mapZoomNow = (mapZoom: number) => `Map zoom now ${roundZoom(mapZoom)}.`;

/** What a tile zoom means for the tiles listed, e.g. "z16 tiles: 256 px, about 1.8 m per pixel here; …". */
export function tileZoomNote(tileZoom: number, latitude: number, mapZoomForTile: (tile: number) => number): string {
  return (
    `Tile zoom counts the service's 256-pixel tiles: at z${tileZoom} a pixel is about ` +
    `${groundText(groundResolution(tileZoom, latitude))} here, and the map draws these tiles at map zoom ` +
    `${roundZoom(mapZoomForTile(tileZoom))} (the map's zoom counts 512-pixel tiles, so it reads one less).`
  );
}
