import type { AreaGeometry } from '../area/area-geometry.ts';
import type { AreaTool } from './area-drawing.ts';

export interface SurveyMapEvents {
  /** The drawing tools are loaded and can be used. */
  areaToolsReady: undefined;
  /** The user finished drawing or editing the area (its whole geometry). */
  areaFinished: AreaGeometry;
  /** The user deleted the area on the map. */
  areaDeleted: undefined;
  areaToolChanged: AreaTool;
  /** The shape being drawn or edited, on every pointer move. */
  areaChanging: AreaGeometry;
  /** The pointer's place on the map ([lng, lat]), or null when it left the map (on any of the page's maps). */
  cursorMoved: [number, number] | null;
  /** MapLibre is about to request this tile URL (credentials not yet added). */
  tileRequested: string;
}

type Listener<T> = (payload: T) => void;

/** Typed listeners by event name. */
export class Emitter<Events> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as Listener<never>);
    this.listeners.set(event, set);
    return () => set.delete(listener as Listener<never>);
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as Listener<Events[K]>)(payload);
  }

  clear(): void {
    this.listeners.clear();
  }
}
