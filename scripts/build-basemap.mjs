// Writes the offline default basemap into public/basemap/ as GeoJSON files that the viewer loads by URL.
// Sources (npm-packaged open data): Natural Earth via world-atlas (land, country borders),
// US Census cartographic boundaries via us-atlas (nation, states, counties),
// Natural Earth populated places via city-timezones (place names), and a gazetteer for place search
// (US states, cities and counties with their USPS state codes from states-us).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { feature, mesh } from 'topojson-client';
import { area, bbox, booleanPointInPolygon, centerOfMass, pointOnFeature } from '@turf/turf';
import { states as stateCodes } from 'states-us';

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

// The place search's gazetteer: rows of arrays (it is read whole, on demand). States and counties with their extent
// [west, south, east, north], US cities with their position and population; every place with its USPS state code.
const codeOfState = new Map(stateCodes.map((s) => [s.name, s.abbreviation]));
const stateFeatures = feature(states, states.objects.states).features;
const stateCodeByFips = new Map(stateFeatures.map((s) => [s.id, codeOfState.get(s.properties.name)]));
const extent = (f) => bbox(f).map((v) => Math.round(v * 1e3) / 1e3);
const known = (rows) => rows.filter((row) => row[1]);
write('gazetteer.json', {
  states: known(stateFeatures.map((s) => [s.properties.name, codeOfState.get(s.properties.name), ...extent(s)])),
  cities: known(
    readJson('city-timezones/data/cityMap.json')
      .filter((c) => c.iso2 === 'US' && c.state_ansi)
      .sort((a, b) => b.pop - a.pop)
      .map((c) => [
        c.city,
        c.state_ansi,
        Math.round(c.lng * 1e4) / 1e4,
        Math.round(c.lat * 1e4) / 1e4,
        Math.round(c.pop),
      ]),
  ),
  counties: known(
    feature(counties, counties.objects.counties).features.map((c) => [
      c.properties.name,
      stateCodeByFips.get(c.id.slice(0, 2)),
      ...extent(c),
    ]),
  ),
});
