import type { Connection } from '../../api/connection.ts';
import { reportFontsFor } from './report-font-loader.ts';
import { parseImageryTileUrl } from '../../api/tiles.ts';
import { LATEST_IMAGERY } from '../../../core/wire/latest-imagery.ts';
import type { FailedTile } from '../../map/offscreen-map.ts';
import { zxyKey } from '../../../core/geo/tile-address.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { groundResolution } from '../../../core/geo/web-mercator.ts';
import { mapWidthPt, type Orientation, type Paper, type ReportMap, reportPdf } from './report-pdf.ts';
import { capturesShown } from './shown-captures.ts';

/** The print resolution aimed at; the map is drawn off-screen at up to 4× the screen's pixels to reach it. */
export const PRINT_DPI = 220;
const MAX_PIXEL_RATIO = 4;
/** A CSS pixel is 1/96 inch: map labels print at the size the screen shows them (a 12 px label at 9 pt). */
const POINTS_PER_CSS_PIXEL = 0.75;

export type ReportProgress =
  | { phase: 'map'; requested: number; loaded: number }
  | { phase: 'captures'; tiles: number }
  | { phase: 'writing' };

export interface ReportRequest {
  title: string;
  notes: string;
  paper: Paper;
  orientation: Orientation;
  /** Label and value rows about the view (report-facts.ts). */
  facts: [string, string][];
  /** The annotations in view, as the report's rows. */
  annotations: [string, string, string, string][];
  /** Overlays left out of the printed map (the tile grid unless asked for). */
  /** Labels of the marks left out of the printed map. */
  hideOverlays: string[];
  /** Labels of the two maps while a comparison is swiped. */
  compareLabels: [string, string] | null;
  shareLink: string;
}

/** Everything a user wrote or chose that the report prints as text, one block. */
const reportText = (request: Pick<ReportRequest, 'title' | 'notes' | 'facts' | 'annotations' | 'compareLabels'>) =>
  [
    request.title,
    request.notes,
    ...request.facts.flat(),
    ...request.annotations.flat(),
    ...(request.compareLabels ?? []),
  ].join('\n');

/** Device pixels per CSS pixel that print a map of `cssWidth` × `cssHeight` at PRINT_DPI or better. */
export function printPixelRatio(
  [cssWidth, cssHeight]: [number, number],
  paper: Paper,
  orientation: Orientation,
  maps: number,
): number {
  const inches = mapWidthPt(paper, orientation, maps, cssWidth / Math.max(1, cssHeight)) / 72;
  return Math.min(MAX_PIXEL_RATIO, Math.max(1, (PRINT_DPI * inches) / Math.max(1, cssWidth)));
}

/**
 * How much larger than on screen the print map's labels are drawn (in CSS pixels), so that they come out at their
 * screen size on paper (POINTS_PER_CSS_PIXEL), not shrunk with a map printed smaller than it is shown.
 */
export function printLabelScale(
  [cssWidth, cssHeight]: [number, number],
  paper: Paper,
  orientation: Orientation,
  maps: number,
): number {
  const pointsPerCssPixel =
    mapWidthPt(paper, orientation, maps, cssWidth / Math.max(1, cssHeight)) / Math.max(1, cssWidth);
  return Math.min(MAX_PIXEL_RATIO, Math.max(1 / MAX_PIXEL_RATIO, POINTS_PER_CSS_PIXEL / pointsPerCssPixel));
}

/** Sentences for tiles that still failed after a second try: per survey and status, naming the tiles (z/x/y). */
export function failureNotes(connection: Connection, failed: readonly FailedTile[]): string[] {
  const groups = new Map<string, string[]>();
  for (const { url, status } of failed) {
    const tile = parseImageryTileUrl(connection, url);
    const survey = !tile ? 'the basemap' : tile.surveyId === LATEST_IMAGERY ? 'the latest imagery' : tile.surveyId;
    const key = `${survey}\n${status}`;
    groups.set(key, [...(groups.get(key) ?? []), tile ? zxyKey(tile) : url]);
  }
  return [...groups].map(([key, tiles]) => {
    const [survey, status] = key.split('\n');
    const why = status === '0' ? 'no answer' : `HTTP ${status}`;
    const named = tiles.slice(0, 8).join(', ') + (tiles.length > 8 ? ` and ${tiles.length - 8} more` : '');
    const n = tiles.length;
    const tilesText = `${n} tile${n === 1 ? '' : 's'} of ${survey}`;
    return `${tilesText} failed to load twice (${why}), so the map is blank there: ${named}.`;
  });
}

/**
 * A report of the map as it is shown: drawn again off-screen at print resolution (each side of a swiped comparison
 * whole), the capture of every printed imagery tile looked up, then laid out as a PDF.
 */
export async function makeReport(
  connection: Connection,
  surveyMap: SurveyMap,
  request: ReportRequest,
  { signal, onProgress }: { signal: AbortSignal; onProgress(progress: ReportProgress): void },
): Promise<Blob> {
  // Asked for now, used when the PDF is written; a failure is thrown there, not reported as unhandled meanwhile. The
  // CJK slices come along only where the text needs them.
  const fonts = reportFontsFor(reportText(request), signal);
  fonts.catch(() => undefined);
  const container = surveyMap.camera.container();
  const count = request.compareLabels && surveyMap.maps().over ? 2 : 1;
  const size: [number, number] = [container.clientWidth, container.clientHeight];
  const pixelRatio = printPixelRatio(size, request.paper, request.orientation, count);
  const labelScale = printLabelScale(size, request.paper, request.orientation, count);
  const renders = await surveyMap.render.forPrint({
    pixelRatio,
    print: { hide: request.hideOverlays, labelScale },
    type: 'image/jpeg',
    quality: 0.92,
    signal,
    onProgress: (p) => onProgress({ phase: 'map', ...p }),
  });
  const tiles = renders.flatMap((r) => r.tiles);
  onProgress({ phase: 'captures', tiles: tiles.length });
  const imagery = await capturesShown(connection, tiles, signal);
  onProgress({ phase: 'writing' });
  const [, latitude] = surveyMap.camera.getCenter();
  // MapLibre's zoom counts 512-px tiles: a CSS pixel spans a 256-px tile's pixel one zoom deeper.
  const metresPerCssPixel = groundResolution(surveyMap.camera.getZoom() + 1, latitude);
  const maps: ReportMap[] = await Promise.all(
    renders.map(async (render, i) => ({
      image: {
        bytes: new Uint8Array(await render.blob.arrayBuffer()),
        type: 'jpeg' as const,
        width: render.width,
        height: render.height,
      },
      label: renders.length > 1 ? (request.compareLabels?.[i] ?? null) : null,
      metresPerPixel: (metresPerCssPixel * render.cssWidth) / render.width,
    })),
  );
  const unknown = imagery.unknownTiles;
  const pdf = await reportPdf(
    {
      title: request.title.trim(),
      notes: request.notes,
      paper: request.paper,
      orientation: request.orientation,
      generatedAt: new Date(),
      shareLink: request.shareLink,
      facts: request.facts,
      annotations: request.annotations,
      maps,
      captures: imagery.captures,
      imageryNotes: [
        ...failureNotes(
          connection,
          renders.flatMap((r) => r.failed),
        ),
        ...(unknown > 0
          ? [`The capture of ${unknown} printed tile${unknown === 1 ? '' : 's'} could not be looked up.`]
          : []),
      ],
      attributions: [...new Set(renders.flatMap((r) => r.attributions))],
    },
    await fonts,
  );
  if (signal.aborted) throw signal.reason;
  return new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}
