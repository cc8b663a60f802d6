import { isRetryable, retryDelayMs } from '../api/retry-policy.ts';

interface TileId {
  x: number;
  y: number;
  z: number;
}

/** The part of a MapLibre tile error event this needs. */
export interface TileErrorEvent {
  sourceId?: string;
  tile?: { tileID: { canonical: TileId } };
  error?: { status?: number };
}

/** The part of the MapLibre map this needs. */
export interface RefreshableMap {
  refreshTiles(sourceId: string, tileIds?: TileId[]): void;
  getSource(id: string): unknown;
}

export interface TileRetryOptions {
  maxAttempts?: number;
  random?: () => number;
  isOnline?: () => boolean;
  schedule?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  cancel?: (handle: ReturnType<typeof setTimeout>) => void;
}

/**
 * MapLibre does not retry a tile that failed. This asks again for raster tiles that failed with a
 * 5xx, a 429 or no answer, with backoff and jitter, and for all of them at once when the browser
 * comes back online, so the viewport fills in without the user doing anything. 404 (no imagery) and
 * other 4xx are left alone; 401 is the credential renewal's business.
 */
export class TileRetrier {
  private readonly attempts = new Map<string, number>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly waitingForNetwork = new Map<string, TileId>();
  private readonly options: Required<TileRetryOptions>;

  constructor(
    private readonly map: RefreshableMap,
    private readonly sourceId: string,
    options: TileRetryOptions = {},
  ) {
    this.options = {
      maxAttempts: 8,
      random: Math.random,
      isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
      schedule: (run, ms) => setTimeout(run, ms),
      cancel: (handle) => clearTimeout(handle),
      ...options,
    };
  }

  /** Feed every map `error` event here. */
  tileFailed(event: TileErrorEvent): void {
    const tile = event.tile?.tileID.canonical;
    if (event.sourceId !== this.sourceId || !tile) return;
    const failure = { status: event.error?.status ?? 0 };
    if (!isRetryable(failure)) return;
    const key = `${tile.z}/${tile.x}/${tile.y}`;
    if (!this.options.isOnline()) {
      this.waitingForNetwork.set(key, { x: tile.x, y: tile.y, z: tile.z });
      return;
    }
    const attempt = this.attempts.get(key) ?? 0;
    if (attempt >= this.options.maxAttempts || this.timers.has(key)) return;
    this.attempts.set(key, attempt + 1);
    const delay = retryDelayMs(attempt, failure, this.options.random);
    this.timers.set(key, this.options.schedule(() => {
      this.timers.delete(key);
      this.refresh([{ x: tile.x, y: tile.y, z: tile.z }]);
    }, delay));
  }

  /** The browser is back online: ask again for everything that failed meanwhile. */
  networkRestored(): void {
    const tiles = [...this.waitingForNetwork.values()];
    this.waitingForNetwork.clear();
    this.attempts.clear();
    if (tiles.length) this.refresh(tiles);
  }

  /** The source was replaced (another survey or credential): forget its failures. */
  reset(): void {
    for (const handle of this.timers.values()) this.options.cancel(handle);
    this.timers.clear();
    this.attempts.clear();
    this.waitingForNetwork.clear();
  }

  private refresh(tiles: TileId[]): void {
    if (this.map.getSource(this.sourceId)) this.map.refreshTiles(this.sourceId, tiles);
  }
}
