import fc from 'fast-check';

const number = fc.oneof(
  fc.double({ min: -200, max: 200, noNaN: true }).map((n) => String(n)),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '-0', '', '.', '1e-320', '0x10', '١٢'),
  fc.integer().map(String),
);
const position = fc.tuple(number, number).map(([x, y]) => `${x} ${y}`);
const ring = fc
  .array(position, { minLength: 0, maxLength: 12 })
  .chain((positions) =>
    fc
      .boolean()
      .map((close) => `(${(close && positions.length ? [...positions, positions[0]] : positions).join(', ')})`),
  );
const polygonBody = fc.array(ring, { minLength: 0, maxLength: 3 }).map((rings) => `(${rings.join(', ')})`);
const structured = fc.oneof(
  polygonBody.map((body) => `POLYGON${body}`),
  fc.array(polygonBody, { maxLength: 3 }).map((bodies) => `MULTIPOLYGON(${bodies.join(', ')})`),
  fc
    .constantFrom('POINT', 'LINESTRING', 'GEOMETRYCOLLECTION', 'polygon', 'POLYGON Z', 'POLYGON EMPTY')
    .chain((type) => polygonBody.map((b) => `${type}${b}`)),
);
const noisy = fc.tuple(structured, fc.nat(), fc.string({ maxLength: 4 })).map(([wkt, at, junk]) => {
  const i = at % (wkt.length + 1);
  return wkt.slice(0, i) + junk + wkt.slice(i);
});

// ---- Areas that make geometry work hard (issue 16): well-formed WKT of hostile shapes near a survey ----

const fixed = (n: number) => +n.toFixed(7);
const ringWkt = (ring: [number, number][]) => `(${ring.map(([x, y]) => `${fixed(x)} ${fixed(y)}`).join(', ')})`;
const closed = (points: [number, number][]) => [...points, points[0]];

/** Las Vegas, where the fixture survey 2022Q4-NV-LAS is; and the antimeridian, where ANTIMERIDIAN_SURVEY is. */
const LAS: [number, number] = [-115.15, 36.15];

/** A star whose edges cross each other (step > 1), up to 2,001 points. */
const selfIntersecting = fc
  .record({
    points: fc.integer({ min: 5, max: 2_001 }),
    step: fc.integer({ min: 2, max: 1_000 }),
    radius: fc.double({ min: 1e-5, max: 0.05, noNaN: true }),
  })
  .map(({ points, step, radius }) => {
    const ring: [number, number][] = [];
    for (let i = 0; i < points; i++) {
      const t = (2 * Math.PI * ((i * step) % points)) / points;
      ring.push([LAS[0] + radius * Math.cos(t), LAS[1] + radius * Math.sin(t)]);
    }
    return `POLYGON(${ringWkt(closed(ring))})`;
  });

/** A MultiPolygon of squares shifted by less than their size: every one overlaps the next. */
const overlapping = fc
  .record({
    count: fc.integer({ min: 2, max: 300 }),
    size: fc.double({ min: 1e-4, max: 0.02, noNaN: true }),
    shift: fc.double({ min: 0, max: 0.9, noNaN: true }),
  })
  .map(({ count, size, shift }) => {
    const squares = Array.from({ length: count }, (_, i) => {
      const w = LAS[0] + i * size * shift;
      return `(${ringWkt(
        closed([
          [w, LAS[1]],
          [w + size, LAS[1]],
          [w + size, LAS[1] + size],
          [w, LAS[1] + size],
        ]),
      )})`;
    });
    return `MULTIPOLYGON(${squares.join(', ')})`;
  });

/** A comb: thin teeth (down to 1e-7° wide) joined by a spine, up to 600 teeth. */
const combLike = fc
  .record({
    teeth: fc.integer({ min: 1, max: 600 }),
    width: fc.double({ min: 1e-7, max: 1e-4, noNaN: true }),
    gap: fc.double({ min: 2e-7, max: 1e-3, noNaN: true }),
    length: fc.double({ min: 1e-4, max: 0.05, noNaN: true }),
  })
  .map(({ teeth, width, gap, length }) => {
    const [x0, y0] = LAS;
    const pitch = width + gap;
    const ring: [number, number][] = [[x0, y0]];
    for (let i = 0; i < teeth; i++) {
      const x = x0 + i * pitch;
      ring.push([x, y0 + length], [x + width, y0 + length], [x + width, y0 + length / 100]);
    }
    ring.push([x0 + teeth * pitch, y0 + length / 100], [x0 + teeth * pitch, y0]);
    return `POLYGON(${ringWkt(closed(ring))})`;
  });

/** Boxes touching 180° or −180°, or one split into two polygons at the antimeridian, up to 1° across. */
const antimeridian = fc
  .record({
    south: fc.double({ min: -19, max: -16, noNaN: true }),
    height: fc.double({ min: 1e-6, max: 1, noNaN: true }),
    east: fc.double({ min: 1e-6, max: 0.5, noNaN: true }),
    west: fc.double({ min: 1e-6, max: 0.5, noNaN: true }),
    form: fc.constantFrom('east', 'west', 'both'),
  })
  .map(({ south, height, east, west, form }) => {
    const n = south + height;
    const eastPart = ringWkt(
      closed([
        [180 - east, south],
        [180, south],
        [180, n],
        [180 - east, n],
      ]),
    );
    const westPart = ringWkt(
      closed([
        [-180, south],
        [-180 + west, south],
        [-180 + west, n],
        [-180, n],
      ]),
    );
    if (form === 'east') return `POLYGON(${eastPart})`;
    if (form === 'west') return `POLYGON(${westPart})`;
    return `MULTIPOLYGON((${eastPart}), (${westPart}))`;
  });

/** Well-formed areas built to make geometry work slow or wrong. */
const hostileArea = fc.oneof(selfIntersecting, overlapping, combLike, antimeridian);

/** WKT-like text: well-formed, nearly well-formed, and garbage. */
const wktInput = fc.oneof(
  structured,
  noisy,
  fc.string({ maxLength: 200 }),
  fc.constantFrom('(((((((((('.repeat(20), ')'.repeat(50), ',,,,,'),
);

const value = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer().map(String),
  fc.constantFrom('', '0', '-1', '14', '21', '22', 'true', '1e3', '2024-02-30', 'within', '%00', '%zz'),
);
const key = fc.constantFrom(
  'page',
  'page_size',
  'zoom',
  'wkt',
  'overlap',
  'tc',
  'observed_start',
  'observed_end',
  'metadata',
  'x',
  'page[]',
  '__proto__',
  'constructor',
);

/** Query strings with known and unknown keys, repeated keys and odd encodings. */
const queryInput = fc
  .array(fc.tuple(key, fc.oneof(value, wktInput)), { maxLength: 6 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&'));

const segment = fc.oneof(
  fc.constantFrom(
    'surveys',
    'coverage',
    'footprint',
    'basemap',
    '2022Q4-NV-LAS',
    '16',
    '0',
    '-1',
    '99999999999999',
    '12.png',
    '3.jpeg',
    '3.gif',
    '..',
    '%2e%2e',
    '%00',
    '',
  ),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

/** Paths under the service's prefixes. */
const pathInput = fc
  .tuple(fc.constantFrom('/tile/v2/', '/tile/', '/oauth/', '/'), fc.array(segment, { maxLength: 6 }))
  .map(([prefix, parts]) => prefix + parts.join('/'));

/**
 * A request made of the four: hostile areas at any zoom (one in ten), WKT to the coverage routes, query strings and
 * paths.
 */
export const requestInput = fc.oneof(
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        hostileArea,
        fc.constantFrom(
          '/tile/v2/2022Q4-NV-LAS/coverage',
          '/tile/v2/ANTIMERIDIAN/coverage',
          '/tile/v2/surveys/coverage',
          '/tile/2022Q4-NV-LAS/coverage',
        ),
        fc.integer({ min: 14, max: 21 }),
        fc.constantFrom('', '&overlap=within', '&overlap=contains'),
      )
      .map(([wkt, path, zoom, overlap]) => `${path}?zoom=${zoom}${overlap}&wkt=${encodeURIComponent(wkt)}`),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        wktInput,
        fc.constantFrom('/tile/v2/surveys/coverage', '/tile/v2/2022Q4-NV-LAS/coverage', '/tile/surveys/coverage'),
      )
      .map(([wkt, path]) => `${path}?zoom=16&wkt=${encodeURIComponent(wkt)}`),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          '/tile/v2/surveys',
          '/tile/v2/surveys/coverage',
          '/tile/v2/2022Q4-NV-LAS/coverage',
          '/tile/v2/2022Q4-NV-LAS/16/11843/25725',
        ),
        queryInput,
      )
      .map(([path, q]) => `${path}?${q}`),
  },
  { weight: 3, arbitrary: pathInput },
);

// ---- The gateway's routes (issue 33): tile-key routes, the forwarded interface, key management ----

/** Segments a tile-key path is attacked with: dots and slashes in every spelling, ids in and out of a key's scope. */
const keySegment = fc.oneof(
  segment,
  fc.constantFrom(
    '2024Q2-CO-DEN',
    '2023Q3-CO-DEN',
    'tilejson.json',
    '..%2F',
    '%2E%2E',
    '%2E.',
    '%5C..',
    '%252E%252E',
    '%252F',
    '16%2F13656%2F24876.png',
    '13656',
    '24876.jpg',
    '%EF%BC%8E%EF%BC%8E',
  ),
);

/** Who sends a gateway request: the signed-in session, a key for one survey, a key for all, a wrong key, nobody. */
type GatewayCaller = 'session' | 'key' | 'all-key' | 'bad-key' | 'none';

export interface GatewayInput {
  url: string;
  as: GatewayCaller;
}

const caller = fc.constantFrom<GatewayCaller>('session', 'session', 'session', 'key', 'all-key', 'none');
const keyCaller = fc.constantFrom<GatewayCaller>('key', 'key', 'all-key', 'all-key', 'bad-key', 'none', 'session');

/** A valid tile-key path with one segment replaced, added or split by an encoded slash, or kept. */
const nearKeyPath = fc
  .tuple(
    fc.constantFrom(
      ['2024Q2-CO-DEN', '16', '13656', '24876.png'],
      ['2023Q3-CO-DEN', '16', '13656', '24876.jpeg'],
      ['basemap', '14', '3414', '6219'],
      ['2024Q2-CO-DEN', 'tilejson.json'],
    ),
    fc.nat(),
    keySegment,
    fc.constantFrom('keep', 'replace', 'insert', 'join'),
  )
  .map(([parts, at, part, how]) => {
    const i = at % parts.length;
    if (how === 'keep') return parts.join('/');
    if (how === 'replace') return parts.map((p, j) => (j === i ? part : p)).join('/');
    if (how === 'insert') return [...parts.slice(0, i), part, ...parts.slice(i)].join('/');
    return [...parts.slice(0, i), parts.slice(i, i + 2).join('%2F'), ...parts.slice(i + 2)].join('/');
  });

/**
 * A request to the gateway: the service's own inputs through the forwarder, and paths and queries on the tile-key
 * routes (XYZ tiles, TileJSON, WMTS) and the key list, sent by any caller.
 */
export const gatewayRequestInput: fc.Arbitrary<GatewayInput> = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(requestInput, caller).map(([url, as]) => ({ url, as })) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.oneof(
          nearKeyPath,
          fc.array(keySegment, { minLength: 1, maxLength: 6 }).map((parts) => parts.join('/')),
        ),
        fc.option(queryInput),
        keyCaller,
      )
      .map(([path, q, as]) => ({ url: `/tiles/${path}${q ? `?${q}` : ''}`, as })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.array(keySegment, { maxLength: 3 }), keyCaller)
      .map(([parts, as]) => ({ url: `/wmts/${parts.length ? parts.join('/') : '1.0.0/WMTSCapabilities.xml'}`, as })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('/tile-keys', '/tile-keys/', '/tile-keys/key_x', '/gateway/session', '/oauth/token'),
        caller,
      )
      .map(([url, as]) => ({ url, as })),
  },
);
