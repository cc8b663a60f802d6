import { isoMinute } from '../../format/date-format.ts';
import type { BBox } from 'geojson';
import { type Annotation, boundsOf, describeAnnotation } from '../annotations/index.ts';
import type { ActiveArea } from '../area-search/index.ts';
import type { UnitSystem } from '../../state/units-store.ts';
import { coordinatesText, type Measurement, measure } from '../measure/index.ts';
import { tileZoomAt } from '../../map/imagery-source.ts';
import { formatArea } from '../../units/area-format.ts';
import { formatLength } from '../../units/length-format.ts';

export interface ViewFacts {
  centre: [number, number];
  zoom: number;
  selectedId: string | null;
  compared: { a: string; b: string } | null;
  area: ActiveArea | null;
  measurement: Measurement | null;
  units: UnitSystem;
}

/** What the report says about the view under its map, as label and value rows, in the user's units. */
export function viewFacts({
  centre,
  zoom,
  selectedId,
  compared,
  area,
  measurement,
  units,
}: ViewFacts): [string, string][] {
  const rows: [string, string][] = [
    ['Centre', coordinatesText(centre)],
    ['Zoom', `${zoom.toFixed(1)} (imagery tiles at z${tileZoomAt(zoom)})`],
  ];
  if (compared) rows.push(['Compared', `${compared.a} (left, A) with ${compared.b} (right, B)`]);
  else if (selectedId) rows.push(['Survey', selectedId]);
  if (area)
    rows.push(['Area of interest', `${formatArea(area.km2, units)} (${area.vertexCount} vertices, ${area.origin})`]);
  if (measurement?.kind === 'point') {
    rows.push(['Measured point', coordinatesText(measurement.points[0])]);
  } else if (measurement) {
    const sizes = measure(measurement);
    const length = (km: number) => formatLength(km, units);
    const points = `${measurement.points.length} points`;
    if (measurement.kind === 'area' && sizes.areaKm2 !== null) {
      rows.push([
        'Measured area',
        `${formatArea(sizes.areaKm2, units)}, perimeter ${length(sizes.totalKm)} (${points})`,
      ]);
    } else {
      rows.push(['Measured distance', `${length(sizes.totalKm)} (${points})`]);
    }
    if (sizes.segmentsKm.length > 1)
      rows.push(['Segments', sizes.segmentsKm.map((km, i) => `${i + 1}: ${length(km)}`).join('; ')]);
    rows.push(['Measured points', measurement.points.map(coordinatesText).join('; ')]);
  }
  return rows;
}

/** The annotations that meet the view `[west, south, east, north]`, as the report's rows. */
export function annotationRows(annotations: readonly Annotation[], view: BBox): [string, string, string, string][] {
  const [west, south, east, north] = view;
  return annotations
    .filter((a) => {
      const [w, s, e, n] = boundsOf(a);
      return w <= east && e >= west && s <= north && n >= south;
    })
    .map((a) => [
      a.title || 'Untitled',
      describeAnnotation(a),
      a.note,
      a.imagery
        ? [
            a.imagery.surveyId,
            a.imagery.captureId,
            a.imagery.captureStart && `captured ${isoMinute(a.imagery.captureStart)} UTC`,
          ]
            .filter(Boolean)
            .join(', ')
        : 'no survey imagery',
    ]);
}
