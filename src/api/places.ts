import { requestJson } from './http.ts';
import type { Gazetteer } from '../../core/wire/model.ts';
import { normaliseGazetteer } from '../../core/wire/normalise.ts';

/** GET basemap/gazetteer.json beside the app: the offline basemap's US states, cities and counties (no service). */
export function fetchGazetteer(signal?: AbortSignal): Promise<Gazetteer> {
  const url = new URL(`${import.meta.env.BASE_URL}basemap/gazetteer.json`, location.href);
  return requestJson({ baseUrl: url.origin }, url.pathname, normaliseGazetteer, { authenticated: false, signal });
}
