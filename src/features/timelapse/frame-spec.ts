import type { Connection } from '../../api/connection.ts';
import { tileUrlTemplate } from '../../api/tiles.ts';
import type { TimelapseFrameSpec } from '../../map/survey-map.ts';
import type { TimelapseFrame } from './timelapse-frames.ts';

/** What the map draws for a frame: its survey's tiles (the credential as the connection adds it), within its extent. */
export const frameSpec = (connection: Connection, frame: TimelapseFrame): TimelapseFrameSpec => ({
  tiles: tileUrlTemplate(connection, frame.survey.id),
  bounds: frame.survey.bounds,
});
