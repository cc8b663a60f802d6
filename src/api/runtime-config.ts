import { requestJson } from './http.ts';
import type { RuntimeConfig } from '../../core/wire/model.ts';
import { normaliseRuntimeConfig } from '../../core/wire/normalise.ts';

/**
 * GET /config.json from the app's own origin: deployment defaults for the sign-in dialog and the basemap.
 * Asked as index.html preloads it (same-origin credentials), so that the preloaded answer is the one used.
 */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    return await requestJson(
      { baseUrl: location.origin, sameOriginCookies: true },
      '/config.json',
      normaliseRuntimeConfig,
      { authenticated: false },
    );
  } catch {
    // A static deployment without config.json still works: the user types the service details.
    return normaliseRuntimeConfig({});
  }
}
