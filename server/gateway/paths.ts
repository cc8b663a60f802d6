/**
 * The part of the interface the gateway forwards, as an allow-list over the raw request path. A
 * segment is made of unreserved characters only and cannot start with a dot, so ".", "..", percent
 * escapes (%2F, %2E, %00…), backslashes, empty segments and absolute URLs never match.
 */
const SEGMENT = '[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,127}';
const TILE = '\\d{1,2}/\\d{1,10}/\\d{1,10}(?:\\.(?:png|jpe?g))?';
const ROUTES = [
  'surveys', // 1. survey list
  `${SEGMENT}/footprint`, // 2. footprint
  'surveys/coverage', // 3. coverage by area
  `${SEGMENT}/coverage`, // 4. tile metadata of one survey
  `${SEGMENT}/mosaic_updates`, // the tiles (re)published in a time window
  `rsm/${TILE}`, // a tile of the basemap mosaic (/tile/rsm/…)
  `${SEGMENT}/${TILE}`, // 5. one tile
  `${SEGMENT}/${SEGMENT}/${TILE}`, // 5. one tile of one capture (provider's static_url form)
];
/** /tile/v2/… and the deprecated unversioned /tile/… routes. */
const INTERFACE_PATH = new RegExp(`^/tile(?:/v2)?/(?:${ROUTES.join('|')})$`);

export function isInterfacePath(path: string): boolean {
  return path.length <= 512 && INTERFACE_PATH.test(path);
}

/** Query parameters the gateway never forwards: credentials are the gateway's business. */
const DROPPED_PARAMETERS = new Set(['api_key']);

/**
 * The raw request target split into an allowed path and the query to forward, or null when the
 * path is outside the interface.
 */
export function forwardTarget(rawUrl: string): { path: string; query: string } | null {
  const mark = rawUrl.indexOf('?');
  const path = mark === -1 ? rawUrl : rawUrl.slice(0, mark);
  if (!isInterfacePath(path)) return null;
  if (mark === -1) return { path, query: '' };
  // The query keeps its own encoding; only the dropped parameters go.
  const pairs = rawUrl
    .slice(mark + 1)
    .split('&')
    .filter((pair) => {
      if (pair === '') return false;
      const name = pair.split('=', 1)[0];
      let decoded: string;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        decoded = name;
      }
      return !DROPPED_PARAMETERS.has(decoded.trim().toLowerCase());
    });
  return { path, query: pairs.length ? `?${pairs.join('&')}` : '' };
}
