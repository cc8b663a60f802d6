import type * as maplibregl from 'maplibre-gl';
import type { BBox } from 'geojson';

/** Room kept around what the camera fits to the view. */
const FIT_PADDING = 56;
/** What framing always keeps in view above whatever covers the map's foot (a phone's bottom sheet pulled up). */
const MIN_FRAMED_PX = 160;

/** The camera as a link records it. */
export interface MapView {
  center: [number, number];
  zoom: number;
}

/** Where the map looks and when it moves: the survey map's camera (`surveyMap.camera`). */
export class MapCamera {
  /** Whether the map has drawn everything its first view needed. */
  private idledOnce = false;
  /** Pixels at the map's foot covered by something over it (a phone's bottom sheet): framing keeps above them. */
  private coveredBottom = 0;

  constructor(readonly map: maplibregl.Map) {
    map.once('idle', () => (this.idledOnce = true));
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

  /** The covered foot as framing counts it: never so much that under MIN_FRAMED_PX of the map is left to frame in. */
  private covered(): number {
    // Nothing covered (a desktop): no read of the container's height, which would force a layout mid-render.
    if (this.coveredBottom === 0) return 0;
    const room = this.map.getContainer().clientHeight - 2 * FIT_PADDING - MIN_FRAMED_PX;
    return Math.max(0, Math.min(this.coveredBottom, room));
  }

  private fitPadding() {
    return { top: FIT_PADDING, left: FIT_PADDING, right: FIT_PADDING, bottom: FIT_PADDING + this.covered() };
  }

  fitBounds(bbox: BBox, animate = true): void {
    const [west, south, east, north] = bbox;
    this.map.fitBounds([west, south, east, north], {
      padding: this.fitPadding(),
      maxZoom: 17,
      duration: animate ? 700 : 0,
    });
  }

  /** The zoom at which fitBounds would show all of `bbox` (before its cap), or null when the map has no size. */
  fitZoom(bbox: BBox): number | null {
    const [west, south, east, north] = bbox;
    return this.map.cameraForBounds([west, south, east, north], { padding: this.fitPadding() })?.zoom ?? null;
  }

  /**
   * Frames a place where something is drawn only from `minZoom` on (e.g. imagery): all of `bbox` where it fits at that
   * zoom or deeper, else `centre` at `minZoom`.
   */
  frame(bbox: BBox, centre: [number, number], minZoom: number): void {
    if ((this.fitZoom(bbox) ?? -1) >= minZoom) this.fitBounds(bbox);
    else this.zoomTo(centre, minZoom);
  }

  /** Puts `center` at the middle of what is not covered, at `zoom`. */
  zoomTo = (center: [number, number], zoom: number): void =>
    void this.map.easeTo({ center, zoom, duration: 700, offset: [0, -this.covered() / 2] });

  /** Gives the keyboard to the map (arrows pan, +/- zoom), e.g. once the control that moved it is gone. */
  focus(): void {
    this.map.getCanvas().focus();
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
