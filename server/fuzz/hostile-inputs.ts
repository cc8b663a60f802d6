import fc from 'fast-check';
import type { GatewayInput } from './arbitraries.ts';

/**
 * Requests that reach the hostile upstream (hostile-upstream.ts) on every gateway route that asks it anything: the
 * interface's routes (v2 and legacy) for a session, a key's tiles, TileJSON and WMTS. A number in the query or the tile
 * address varies the request, and with it the upstream's answer.
 */
const id = fc.constantFrom('2024Q2-CO-DEN', '2023Q3-CO-DEN', 'S', 'basemap');
const n = fc.nat({ max: 1_000_000 });
const prefix = fc.constantFrom('/tile/v2', '/tile/v2', '/tile');
const WKT = encodeURIComponent('POLYGON((0 0,1 0,1 1,0 0))');

const interfaceRoute = fc.oneof(
  fc.tuple(prefix, n).map(([p, s]) => `${p}/surveys?page=${(s % 9) + 1}&s=${s}`),
  fc.tuple(prefix, n).map(([p, s]) => `${p}/surveys/coverage?zoom=16&wkt=${WKT}&s=${s}`),
  fc.tuple(prefix, id, n).map(([p, i, s]) => `${p}/${i}/footprint?s=${s}`),
  fc.tuple(prefix, id, n).map(([p, i, s]) => `${p}/${i}/coverage?zoom=16&wkt=${WKT}&s=${s}`),
  fc.tuple(id, n).map(([i, s]) => `/tile/v2/${i}/mosaic_updates?since=2024-01-01&s=${s}`),
  fc
    .tuple(prefix, id, n, fc.constantFrom('', '.png', '.jpeg', '?metadata=true'))
    .map(([p, i, s, end]) => `${p}/${i}/16/${13_000 + (s % 1000)}/${24_000 + (s % 997)}${end}`),
  n.map((s) => `/tile/rsm/16/${13_000 + (s % 1000)}/24876.png`),
);

const keyRoute = fc.oneof(
  fc
    .tuple(id, n, fc.constantFrom('png', 'jpeg', 'jpg'))
    .map(([i, s, ext]) => `/tiles/${i}/16/${13_000 + (s % 1000)}/${24_000 + (s % 997)}.${ext}`),
  id.map((i) => `/tiles/${i}/tilejson.json`),
  fc.constant('/wmts/1.0.0/WMTSCapabilities.xml'),
);

export const hostileRouteInput: fc.Arbitrary<GatewayInput> = fc.oneof(
  { weight: 3, arbitrary: interfaceRoute.map((url) => ({ url, as: 'session' as const })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(keyRoute, fc.constantFrom('key' as const, 'all-key' as const))
      .map(([url, as]) => ({ url, as })),
  },
);
