import type { BBox } from 'geojson';
import type { Connection } from '../../api/connection.ts';
import { tileCredentials, tileUrlTemplate } from '../../api/tiles.ts';
import { imagerySource } from '../../map/imagery-source.ts';
import type { ImagerySpec, RasterSpec } from '../../map/raster-slot.ts';
import type { TimelapseFrame } from './timelapse-frames.ts';

/** One timelapse frame: a survey's imagery alone over the basemap (the map's other imagery hidden meanwhile). */
export const frameImagery = (connection: Connection): ImagerySpec => ({
  ids: { source: 'timelapse-frame', layer: 'timelapse-frame-imagery' },
  order: 30,
  alone: true,
  credentials: tileCredentials(connection),
});

/** Where a frame's tiles are: its survey's XYZ template (the credential as the connection adds it) and extent. */
export interface FrameTiles {
  tiles: string;
  bounds: BBox;
}

export const frameTiles = (connection: Connection, frame: TimelapseFrame): FrameTiles => ({
  tiles: tileUrlTemplate(connection, frame.survey.id),
  bounds: frame.survey.bounds,
});

/** Drawn without a fade: a frame is shown whole, as it will be in a video. */
export const frameRaster = (frame: FrameTiles): RasterSpec => ({
  source: imagerySource(frame),
  layer: { paint: { 'raster-fade-duration': 0 } },
});
