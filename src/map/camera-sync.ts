import type { Map as MapLibreMap } from 'maplibre-gl';

/**
 * Maps that move together: whichever one moves (dragged, zoomed, animated), the others jump to its camera in the
 * same frame. The jumps' own move events are ignored, so nothing echoes back.
 */
export class CameraSync {
  private readonly listeners = new Map<MapLibreMap, () => void>();
  private following = false;
  /** The camera all the maps were last brought to. */
  private shared: Camera | null = null;

  /** Adds `map` at the camera of the maps already here; returns what takes it out again. */
  add(map: MapLibreMap): () => void {
    const [leader] = this.listeners.keys();
    if (leader) {
      this.shared = cameraOf(leader);
      map.jumpTo(this.shared);
    }
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
    const camera = cameraOf(leader);
    // A map resized (its pane relaid) fires move at the camera they all share: following it would undo a drag under way
    // on another map.
    if (this.shared && sameCamera(camera, this.shared)) return;
    this.shared = camera;
    this.following = true;
    try {
      for (const map of this.listeners.keys()) if (map !== leader) map.jumpTo(camera);
    } finally {
      this.following = false;
    }
  }
}

type Camera = ReturnType<typeof cameraOf>;

const sameCamera = (a: Camera, b: Camera) =>
  a.center.lng === b.center.lng &&
  a.center.lat === b.center.lat &&
  a.zoom === b.zoom &&
  a.bearing === b.bearing &&
  a.pitch === b.pitch;

const cameraOf = (map: MapLibreMap) => ({
  center: map.getCenter(),
  zoom: map.getZoom(),
  bearing: map.getBearing(),
  pitch: map.getPitch(),
});
