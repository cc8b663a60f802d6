import type { GeoJSONSourceSpecification, StyleSpecification } from 'maplibre-gl';

/** How a print names a slot's marks (or imagery), which the user may leave out of it. */
export interface PrintLabel {
  label: string;
  /** Left out unless the user asks for it (e.g. marks that hide the imagery). */
  unlessAsked?: boolean;
  /** The user's own marks (the area, notes, a measurement): kept where only those are drawn (a video). */
  ownMarks?: boolean;
}

/** What the map draws now that a print may leave out: its label, and whether it is printed unless the user says. */
export interface PrintChoice {
  label: string;
  printedByDefault: boolean;
}

/** The label of each labelled source (its slot's), by source id. */
export type PrintSources = (sourceId: string) => PrintLabel | undefined;

function holdsFeatures(source: StyleSpecification['sources'][string] | undefined): boolean {
  if (source?.type === 'raster') return true;
  if (source?.type !== 'geojson') return false;
  const data = (source as GeoJSONSourceSpecification).data;
  if (typeof data === 'string') return true;
  return data.type === 'FeatureCollection' ? data.features.length > 0 : true;
}

/** The labelled marks a style draws now, bottom to top: a visible layer of theirs over a source holding something. */
export function printChoices(style: StyleSpecification, labelOf: PrintSources): PrintChoice[] {
  const shown = new Map<string, PrintChoice>();
  for (const layer of style.layers) {
    if (!('source' in layer) || typeof layer.source !== 'string' || layer.layout?.visibility === 'none') continue;
    const print = labelOf(layer.source);
    if (print && !shown.has(print.label) && holdsFeatures(style.sources[layer.source]))
      shown.set(print.label, { label: print.label, printedByDefault: !print.unlessAsked });
  }
  return [...shown.values()];
}

type Size = unknown;

/**
 * A size property (a number, an expression, a zoom or data function) times `factor`. Zoom may only be the input of
 * a top-level interpolate or step, so their outputs are scaled rather than the whole.
 */
export function scaledSize(value: Size, factor: number, fallback: number): Size {
  if (value === undefined) return fallback * factor;
  if (typeof value === 'number') return value * factor;
  if (Array.isArray(value)) {
    const [operator] = value;
    if (operator === 'interpolate' || operator === 'interpolate-hcl' || operator === 'interpolate-lab')
      return value.map((part, i) => (i >= 4 && i % 2 === 0 ? scaledSize(part, factor, fallback) : part));
    if (operator === 'step')
      return value.map((part, i) => (i >= 2 && i % 2 === 0 ? scaledSize(part, factor, fallback) : part));
    return ['*', value, factor];
  }
  if (typeof value === 'object' && value !== null && 'stops' in value) {
    const fn = value as { stops: [unknown, number][] };
    return { ...fn, stops: fn.stops.map(([input, output]) => [input, output * factor]) };
  }
  return value;
}

export interface PrintStyleOptions {
  /** Labels of the marks left out of the print. */
  hide?: readonly string[];
  /** Of the labelled marks, only the user's own are drawn. */
  onlyOwnMarks?: boolean;
  /**
   * Labels' size (and halo) times this: a map printed smaller than it is on screen keeps its labels readable, at the
   * size they have on screen.
   */
  labelScale?: number;
  /** The labelled sources (SurveyMap adds them). */
  labelOf?: PrintSources;
}

/** The style to draw a print with: the marks left out hidden, the labels sized for print. */
export function printStyle(
  style: StyleSpecification,
  { hide = [], onlyOwnMarks = false, labelScale = 1, labelOf = () => undefined }: PrintStyleOptions,
): StyleSpecification {
  const layers = style.layers.map((layer) => {
    const source = 'source' in layer && typeof layer.source === 'string' ? layer.source : null;
    const print = source ? labelOf(source) : undefined;
    if (print && (hide.includes(print.label) || (onlyOwnMarks && !print.ownMarks)))
      return { ...layer, layout: { ...layer.layout, visibility: 'none' as const } };
    if (layer.type !== 'symbol' || labelScale === 1) return layer;
    const layout = { ...layer.layout, 'text-size': scaledSize(layer.layout?.['text-size'], labelScale, 16) };
    const paint = { ...layer.paint };
    if (paint['text-halo-width'] !== undefined)
      paint['text-halo-width'] = scaledSize(
        paint['text-halo-width'],
        labelScale,
        0,
      ) as (typeof paint)['text-halo-width'];
    if (layout['icon-size'] !== undefined)
      layout['icon-size'] = scaledSize(layout['icon-size'], labelScale, 1) as never;
    return { ...layer, layout, paint } as typeof layer;
  });
  return { ...style, layers };
}
