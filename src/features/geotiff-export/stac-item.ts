import { extentOf } from '../../../core/geo/geometry.ts';
import type { AreaGeometry } from '../../area/area-geometry.ts';
import type { ExportCompression, ExportPlan } from './export-plan.ts';
import type { PlannedTile } from './tile-records.ts';
import { exportFileNames } from './file-names.ts';
import type { SelectionRule } from './tile-selection.ts';

const STAC_EXTENSIONS = [
  'https://stac-extensions.github.io/projection/v1.1.0/schema.json',
  'https://stac-extensions.github.io/raster/v1.1.0/schema.json',
];

const COG_MEDIA_TYPE = 'image/tiff; application=geotiff; profile=cloud-optimized';

export interface StacItemInput {
  /** The files' common name, without extension. */
  name: string;
  area: AreaGeometry;
  plan: ExportPlan;
  compression: ExportCompression;
  /** The tiles that made it into the file. */
  exported: Iterable<PlannedTile>;
  created: Date;
}

const RULE_TEXT: Record<SelectionRule, string> = {
  newest: 'at each tile the newest survey there',
  'least-cloud': 'at each tile the survey with the least cloud cover there (the newest of equals)',
  'selected-survey': 'the one survey selected',
};

/** The file's bands, and what says where it has no data. */
const IMAGE: Record<ExportCompression, { bands: string[]; title: string }> = {
  jpeg: {
    bands: ['red', 'green', 'blue'],
    title:
      "Cloud Optimized GeoTIFF (RGB, the service's JPEG tiles; an internal mask marks what is outside the area " +
      'and where no imagery was had)',
  },
  deflate: {
    bands: ['red', 'green', 'blue', 'alpha'],
    title: 'Cloud Optimized GeoTIFF (RGBA, lossless; alpha 0 outside the area and where no imagery was had)',
  },
};

/**
 * A STAC 1.0 Item describing the GeoTIFF (projection and raster extensions): the area it covers, the capture window of
 * the tiles in it, its ground sample distance, grid and transform, and its two files as assets.
 */
export function stacItem({ name, area, plan, compression, exported, created }: StacItemInput) {
  const { levels, georeference, zoom } = plan;
  const { width, height } = levels[0];
  const { originX, originY, pixelSize } = georeference;
  let start: string | null = null;
  let end: string | null = null;
  const surveyIds = new Set<string>();
  for (const tile of exported) {
    const from = tile.captureStart ?? tile.captureEnd;
    const to = tile.captureEnd ?? tile.captureStart;
    if (from !== null && (start === null || from < start)) start = from;
    if (to !== null && (end === null || to > end)) end = to;
    surveyIds.add(tile.surveyId);
  }
  const createdAt = created.toISOString();
  const surveys = [...surveyIds].sort();
  const files = exportFileNames(name);
  const { rule, maxCloudCover } = plan.selection;
  return {
    type: 'Feature',
    stac_version: '1.0.0',
    stac_extensions: STAC_EXTENSIONS,
    id: name,
    bbox: extentOf(area),
    geometry: area,
    properties: {
      title: `Imagery of the area at zoom ${zoom}`,
      description:
        `Clipped to the area; tiles from ${surveys.join(', ')}, ${RULE_TEXT[rule]}` +
        (maxCloudCover === null ? '. ' : `, using no survey over ${maxCloudCover} % cloud cover. `) +
        `Which survey and capture supplied each tile is in ${files.provenance}.`,
      datetime: null,
      start_datetime: start ?? createdAt,
      end_datetime: end ?? createdAt,
      created: createdAt,
      gsd: Number(plan.groundResolution.toFixed(4)),
      'proj:epsg': 3857,
      'proj:shape': [height, width],
      'proj:transform': [pixelSize, 0, originX, 0, -pixelSize, originY],
      'proj:bbox': [originX, originY - height * pixelSize, originX + width * pixelSize, originY],
      'survey_viewer:surveys': surveys,
      'survey_viewer:zoom': zoom,
      'survey_viewer:selection_rule': rule,
      'survey_viewer:max_cloud_cover': maxCloudCover,
    },
    links: [],
    assets: {
      image: {
        href: `./${files.tiff}`,
        type: COG_MEDIA_TYPE,
        title: IMAGE[compression].title,
        roles: ['data'],
        'raster:bands': IMAGE[compression].bands.map((band) => ({
          name: band,
          data_type: 'uint8',
          spatial_resolution: Number(pixelSize.toFixed(6)),
        })),
      },
      provenance: {
        href: `./${files.provenance}`,
        type: 'application/geo+json',
        title: 'Survey and capture of each tile',
        roles: ['metadata'],
      },
    },
  };
}
