import type { AreaGeometry } from '../../area/area-geometry.ts';
import type { ExportCompression, ExportPlan } from './export-plan.ts';
import type { ExportResult } from './export-run.ts';
import { provenanceBlob, type TileOutcome } from './provenance.ts';
import { stacItem } from './stac-item.ts';
import { tileAt } from './tile-records.ts';
import { zxyKey } from '../../../core/geo/tile-address.ts';

interface FailedTile {
  key: string;
  surveyId: string;
  outcome: Extract<TileOutcome, { status: 'failed' }>;
}

/** The export's three files and what became of its tiles. */
export interface ExportFiles {
  name: string;
  tiff: Blob;
  provenance: Blob;
  stac: Blob;
  exported: number;
  noImagery: number;
  /** Left empty: only surveys over the cloud limit have imagery there. */
  overCloudLimit: number;
  failed: FailedTile[];
}

/** The GeoTIFF with its provenance GeoJSON and STAC Item, named alike. */
export function exportFiles(
  {
    name,
    area,
    plan,
    compression,
    created,
  }: { name: string; area: AreaGeometry; plan: ExportPlan; compression: ExportCompression; created: Date },
  { tiff, outcomes }: ExportResult,
): ExportFiles {
  const rows = (status: TileOutcome['status']) => [...outcomes.rows(status)];
  const exported = rows('exported');
  const failed = rows('failed').map((row): FailedTile => {
    const tile = tileAt(plan.tiles, row);
    return { key: zxyKey(tile), surveyId: tile.surveyId, outcome: outcomes.get(row) as FailedTile['outcome'] };
  });
  const json = (value: unknown, type: string) => new Blob([JSON.stringify(value, null, 1)], { type });
  const exportedTiles = (function* () {
    for (const row of exported) yield tileAt(plan.tiles, row);
  })();
  return {
    name,
    tiff,
    provenance: provenanceBlob(plan, outcomes),
    stac: json(stacItem({ name, area, plan, compression, exported: exportedTiles, created }), 'application/json'),
    exported: exported.length,
    noImagery: rows('no_imagery').length,
    overCloudLimit: plan.overCloudLimit.length,
    failed,
  };
}
