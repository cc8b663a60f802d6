import type * as maplibregl from 'maplibre-gl';
import type { BBox } from 'geojson';
import { framePadding, type Padding, paddingOffset, panelEdges } from './frame-padding.ts';

/**
 * What framing keeps clear of: the panels over the map, marked by the features that show them (the timeline, the tool
 * columns, the place search…) and by the map's own panel slot (the layers panel).
 */
const PANELS = '[data-map-panel]';
/** Spread on a panel's element over the map (`<section {...MAP_PANEL}>`): framing keeps clear of it while shown. */
export const MAP_PANEL = { 'data-map-panel': '' } as const;

/** The camera as a link records it. */
export interface MapView {
  center: [number, number];
  zoom: number;
}

/** Where the map looks and when it moves: the survey map's camera (`surveyMap.camera`). */
export class MapCamera {
  /** Whether the map has drawn everything its first view needed. */
  private idledOnce = false;
  /** Whether the style is ready (before it, nothing of the app's is drawn). */
  private styleReady = false;
  /** Pixels at the map's foot covered by something over it (a phone's bottom sheet): framing keeps above them. */
  private coveredBottom = 0;

  constructor(readonly map: maplibregl.Map) {
    map.once('idle', () => (this.idledOnce = true));
    map.once('style.load', () => (this.styleReady = true));
  }

  /** Each frame of a move, or (`settled`) once a move has ended. */
  onViewChange(listener: () => void, { settled = false } = {}): () => void {
    const event = settled ? 'moveend' : 'move';
    this.map.on(event, listener);
    return () => this.map.off(event, listener);
  }

  getZoom = (): number => this.map.getZoom();
  getView = (): MapView => ({ center: this.getCenter(), zoom: this.map.getZoom() });
  /** What the map shows, as [west, south, east, north]. */
  getBounds = (): BBox => this.map.getBounds().toArray().flat() as BBox;
  setView = ({ center, zoom }: MapView): void => void this.map.jumpTo({ center, zoom });
  /** Whether the camera is being moved (by the user or an animation). */
  isMoving = (): boolean => this.map.isMoving();

  /** The map centre as [lng, lat]. */
  getCenter(): [number, number] {
    const { lng, lat } = this.map.getCenter();
    return [lng, lat];
  }

  /** Tells the camera how much of the map's foot is covered (0: none): what it frames from now on stays above it. */
  coverBottom(px: number): void {
    this.coveredBottom = Math.max(0, px);
  }

  /** What each shown panel over the map would cost each edge, read from the page as it is laid out now. */
  private panels(): Padding[] {
    const container = this.map.getContainer();
    const pane = container.parentElement;
    if (!pane) return [];
    const { left, top, right, bottom } = container.getBoundingClientRect();
    // What is not covered: the panels over a phone's map sit above its sheet.
    const map = { left, top, right, bottom: bottom - this.coveredBottom };
    const found: Padding[] = [];
    for (const panel of pane.querySelectorAll(PANELS)) {
      if (!panel.checkVisibility({ visibilityProperty: true })) continue;
      const edges = panelEdges(map, panel.getBoundingClientRect());
      if (edges) found.push(edges);
    }
    return found;
  }

  /** The padding to frame with, clear of the panels and the covered foot; for `bbox`, the choice fitting it largest. */
  private fitPadding(bbox?: BBox): Padding {
    const container = this.map.getContainer();
    const score = bbox
      ? (padding: Padding) => this.map.cameraForBounds(bounds(bbox), { padding })?.zoom ?? null
      : undefined;
    return framePadding(container.clientWidth, container.clientHeight, this.panels(), this.coveredBottom, score);
  }

  fitBounds(bbox: BBox, animate = true): void {
    this.map.fitBounds(bounds(bbox), {
      padding: this.fitPadding(bbox),
      maxZoom: 17,
      duration: animate ? 700 : 0,
    });
  }

  /** The zoom at which fitBounds would show all of `bbox` (before its cap), or null when the map has no size. */
  fitZoom(bbox: BBox): number | null {
    return this.map.cameraForBounds(bounds(bbox), { padding: this.fitPadding(bbox) })?.zoom ?? null;
  }

  /**
   * Frames a place where something is drawn only from `minZoom` on (e.g. imagery): all of `bbox` where it fits at that
   * zoom or deeper, else `centre` at `minZoom`; clear of the panels either way.
   */
  frame(bbox: BBox, centre: [number, number], minZoom: number): void {
    if ((this.fitZoom(bbox) ?? -1) >= minZoom) this.fitBounds(bbox);
    else this.zoomTo(centre, minZoom);
  }

  /** Puts `center` at the middle of what the panels and the covered foot leave of the map, at `zoom`. */
  zoomTo = (center: [number, number], zoom: number): void =>
    void this.map.easeTo({ center, zoom, duration: 700, offset: paddingOffset(this.fitPadding()) });

  /** Gives the keyboard to the map (arrows pan, +/- zoom), e.g. once the control that moved it is gone. */
  focus(): void {
    this.map.getCanvas().focus();
  }

  /** The element the map is drawn in (e.g. for a panel placed over it, or its size). */
  container = (): HTMLElement => this.map.getContainer();

  /** Where a place is drawn, in the container's pixels. */
  project = ([lng, lat]: readonly [number, number]): { x: number; y: number } => this.map.project([lng, lat]);

  /**
   * Resolves once MapLibre has drawn what it was given last and come to rest (at once when it has nothing left to
   * draw): work queued behind it then does not hold up the frames that show it.
   */
  whenDrawn(): Promise<void> {
    // MapLibre's `idle` is exactly that: nothing moving, every source loaded and drawn. A source given new data is
    // not loaded until its worker has tiled it, so `loaded()` is false right after.
    if (!this.styleReady || (this.map.loaded() && !this.map.isMoving())) return Promise.resolve();
    return new Promise((resolve) => this.map.once('idle', () => resolve()));
  }

  /** The map is idle: at rest after a pan or zoom, with everything it needed drawn (non-urgent work goes here). */
  onMapIdle(listener: () => void): () => void {
    this.map.on('idle', listener);
    return () => this.map.off('idle', listener);
  }

  /** Once, when the map is first idle (at once if it has been): for work that must not delay its first view. */
  afterFirstIdle(listener: () => void): () => void {
    if (this.idledOnce) {
      listener();
      return () => undefined;
    }
    this.map.once('idle', listener);
    return () => this.map.off('idle', listener);
  }
}

const bounds = ([west, south, east, north]: BBox): [number, number, number, number] => [west, south, east, north];
