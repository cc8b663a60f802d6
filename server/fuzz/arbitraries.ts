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

/** WKT-like text: well-formed, nearly well-formed, and garbage. */
export const wktInput = fc.oneof(
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
export const queryInput = fc
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
export const pathInput = fc
  .tuple(fc.constantFrom('/tile/v2/', '/tile/', '/oauth/', '/'), fc.array(segment, { maxLength: 6 }))
  .map(([prefix, parts]) => prefix + parts.join('/'));

/** A request made of the three. */
export const requestInput = fc.oneof(
  fc
    .tuple(
      wktInput,
      fc.constantFrom('/tile/v2/surveys/coverage', '/tile/v2/2022Q4-NV-LAS/coverage', '/tile/surveys/coverage'),
    )
    .map(([wkt, path]) => `${path}?zoom=16&wkt=${encodeURIComponent(wkt)}`),
  fc
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
  pathInput,
);
