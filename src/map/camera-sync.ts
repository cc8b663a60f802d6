import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Maps that move together: whichever one moves (dragged, zoomed, animated), the others jump to its camera in the
 * same frame. The jumps' own move events are ignored, so nothing echoes back.
 */
export class CameraSync {
  private readonly listeners = new Map<MapLibreMap, () => void>();
  private following = false;

  /** Adds `map` at the camera of the maps already here; returns what takes it out again. */
  add(map: MapLibreMap): () => void {
    const [leader] = this.listeners.keys();
    if (leader) map.jumpTo(cameraOf(leader));
    const onMove = () => this.follow(map);
    map.on('move', onMove);
    this.listeners.set(map, onMove);
    return () => {
      map.off('move', onMove);
      this.listeners.delete(map);
    };
  }

  private follow(leader: MapLibreMap): void {
    if (this.following || this.listeners.size < 2) return;
    this.following = true;
    try {
      const camera = cameraOf(leader);
      for (const map of this.listeners.keys()) if (map !== leader) map.jumpTo(camera);
    } finally {
      this.following = false;
    }
  }
}

const cameraOf = (map: MapLibreMap) => ({
  center: map.getCenter(),
  zoom: map.getZoom(),
  bearing: map.getBearing(),
  pitch: map.getPitch(),
});
