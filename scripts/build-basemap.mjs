// Writes the offline default basemap into public/basemap/ as GeoJSON files that the viewer loads by URL.
// Sources (npm-packaged open data): Natural Earth via world-atlas (land, country borders),
// US Census cartographic boundaries via us-atlas (nation, states, counties),
// Natural Earth populated places via city-timezones (place names).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { feature, mesh } from 'topojson-client';
import { area, booleanPointInPolygon, centerOfMass, pointOnFeature } from '@turf/turf';

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, 'public', 'basemap');
const readJson = (specifier) => JSON.parse(readFileSync(require.resolve(specifier), 'utf8'));

/** Rounds coordinates to ~10 m, far below what 1:10m source data resolves. */
const round = (value) => (Array.isArray(value) ? value.map(round) : Math.round(value * 1e4) / 1e4);
const collection = (features) => ({
  type: 'FeatureCollection',
  features: features.map((f) => ({
    type: 'Feature',
    properties: f.properties ?? {},
    geometry: { ...f.geometry, coordinates: round(f.geometry.coordinates) },
  })),
});
const asFeature = (geometry, properties = {}) => ({ type: 'Feature', properties, geometry });

function write(name, data) {
  const text = JSON.stringify(data);
  writeFileSync(path.join(out, name), text);
  console.log(`${name.padEnd(20)} ${(text.length / 1024).toFixed(0).padStart(6)} KB`);
}

mkdirSync(out, { recursive: true });

const world = readJson('world-atlas/countries-50m.json');
const land = readJson('world-atlas/land-50m.json');
const nation = readJson('us-atlas/nation-10m.json');
const states = readJson('us-atlas/states-10m.json');
const counties = readJson('us-atlas/counties-10m.json');

write(
  'land.geojson',
  collection(
    [
      feature(land, land.objects.land),
      // The Census outline is finer than Natural Earth's 1:50m coast where the surveys are.
      feature(nation, nation.objects.nation),
    ].flatMap((f) => (f.type === 'FeatureCollection' ? f.features : [f])),
  ),
);

write(
  'borders.geojson',
  collection([
    asFeature(
      mesh(world, world.objects.countries, (a, b) => a !== b),
      { kind: 'country' },
    ),
    asFeature(
      mesh(states, states.objects.states, (a, b) => a !== b),
      { kind: 'state' },
    ),
  ]),
);

write(
  'counties.geojson',
  collection([
    asFeature(
      mesh(
        counties,
        counties.objects.counties,
        (a, b) => a !== b && Math.floor(a.id / 1000) === Math.floor(b.id / 1000),
      ),
      { kind: 'county' },
    ),
  ]),
);

/** A label point inside the largest part of a state: its centre where that lies inside, else any point on it. */
function labelPoint(geometry) {
  const parts =
    geometry.type === 'Polygon'
      ? [geometry]
      : geometry.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }));
  const largest = parts.reduce((best, part) => (area(part) > area(best) ? part : best));
  const centre = centerOfMass(largest);
  return (booleanPointInPolygon(centre, largest) ? centre : pointOnFeature(largest)).geometry;
}

const stateLabels = feature(states, states.objects.states).features.map((state) =>
  asFeature(labelPoint(state.geometry), { name: state.properties.name, kind: 'state' }),
);

const cities = readJson('city-timezones/data/cityMap.json')
  .filter((c) => c.iso2 === 'US' || c.pop >= 250_000)
  .sort((a, b) => b.pop - a.pop)
  .map((c) => asFeature({ type: 'Point', coordinates: [c.lng, c.lat] }, { name: c.city, pop: c.pop, kind: 'city' }));

write('places.geojson', collection([...stateLabels, ...cities]));
