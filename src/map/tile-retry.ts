import { isRetryable, retryDelayMs } from '../api/retry-policy.ts';

/** The part of a MapLibre tile error event this needs. */
export interface TileErrorEvent {
  sourceId?: string;
  tile?: unknown;
  error?: { status?: number };
}

export interface TileRetryOptions {
  maxAttempts?: number;
  random?: () => number;
  isOnline?: () => boolean;
  schedule?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  cancel?: (handle: ReturnType<typeof setTimeout>) => void;
}

/**
 * MapLibre does not retry a tile that failed. After raster tiles fail with a 5xx, a 429 or no
 * answer, this reloads the source once per backoff step (jittered), and once more when the browser
 * comes back online, so the viewport fills in without the user doing anything. Tiles that loaded
 * come back from the HTTP cache. 404 (no imagery) and other 4xx are left alone; 401 is the
 * credential renewal's business.
 */
export class TileRetrier {
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private waitingForNetwork = false;
  private readonly options: Required<TileRetryOptions>;

  constructor(
    private readonly sourceId: string,
    private readonly reload: () => void,
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
    if (event.sourceId !== this.sourceId || !event.tile) return;
    const failure = { status: event.error?.status ?? 0 };
    if (!isRetryable(failure)) return;
    if (!this.options.isOnline()) {
      this.waitingForNetwork = true;
      return;
    }
    if (this.timer !== undefined || this.attempt >= this.options.maxAttempts) return;
    const delay = retryDelayMs(this.attempt++, failure, this.options.random);
    this.timer = this.options.schedule(() => {
      this.timer = undefined;
      this.reload();
    }, delay);
  }

  /** The browser is back online: ask again for what failed meanwhile. */
  networkRestored(): void {
    this.attempt = 0;
    if (!this.waitingForNetwork) return;
    this.waitingForNetwork = false;
    this.reload();
  }

  /** The source was replaced (another survey or credential): forget its failures. */
  reset(): void {
    if (this.timer !== undefined) this.options.cancel(this.timer);
    this.timer = undefined;
    this.attempt = 0;
    this.waitingForNetwork = false;
  }
}
