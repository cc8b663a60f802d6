/**
 * The baseline of the open-to-ready and many-footprints benchmarks: MapLibre and nothing else, drawing
 * the same basemap style, footprints and preview tiles from the same service as the viewer.
 *
 * ?mode=open&survey=ID&ids=A,B,…&lng=&lat=&zoom=  footprints of the listed surveys and one survey's tiles, at a camera
 * ?mode=many&wkt=…&lng=&lat=&zoom=                 the coverage answer for an area (10,000 footprints in the benchmark)
 */
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { FeatureCollection, Geometry } from 'geojson';
import { offlineBasemapStyle } from '../../src/map/basemap-style.ts';

maplibregl.setWorkerUrl(workerUrl);

const params = new URLSearchParams(location.search);
const origin = location.origin;
const DEMO = {
  client_id: 'demo',
  client_secret: 'demo-secret',
  audience: 'https://api.survey-viewer.example/tile',
  grant_type: 'client_credentials',
};

const tokenPromise = fetch(`${origin}/oauth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(DEMO),
})
  .then((r) => r.json() as Promise<{ access_token: string }>)
  .then((t) => t.access_token);
let token = '';

const map = new maplibregl.Map({
  container: 'map',
  style: offlineBasemapStyle(`${origin}/`),
  center: [Number(params.get('lng') ?? -97), Number(params.get('lat') ?? 38.5)],
  zoom: Number(params.get('zoom') ?? 3.6),
  transformRequest: (url, type) =>
    type === 'Tile' && url.startsWith(`${origin}/tile/`)
      ? { url, headers: { Authorization: `Bearer ${token}` } }
      : undefined,
});
(window as unknown as { __surveyViewer: { map: maplibregl.Map } }).__surveyViewer = { map };

const loaded = new Promise<void>((resolve) => map.once('load', () => resolve()));
const authed = (path: string) =>
  tokenPromise.then((t) => {
    token = t;
    return fetch(`${origin}${path}`, { headers: { Authorization: `Bearer ${t}` } });
  });

function addFootprints(data: FeatureCollection) {
  map.addSource('footprints', { type: 'geojson', data });
  map.addLayer({
    id: 'footprints-fill',
    type: 'fill',
    source: 'footprints',
    paint: { 'fill-color': '#2463eb', 'fill-opacity': 0.08 },
  });
  map.addLayer({
    id: 'footprints-outline',
    type: 'line',
    source: 'footprints',
    paint: { 'line-color': '#2463eb', 'line-width': 1.4 },
  });
}

async function openMode() {
  const ids = (params.get('ids') ?? '').split(',').filter(Boolean);
  const survey = params.get('survey')!;
  const footprints = Promise.all(
    ids.map((id) =>
      authed(`/tile/v2/${encodeURIComponent(id)}/footprint`).then((r) => r.json() as Promise<{ footprint: Geometry }>),
    ),
  );
  const answers = await footprints;
  await loaded;
  addFootprints({
    type: 'FeatureCollection',
    features: answers.map((a, i) => ({ type: 'Feature', properties: { id: ids[i] }, geometry: a.footprint })),
  });
  const selected = answers[ids.indexOf(survey)].footprint;
  const points = (
    selected.type === 'Polygon'
      ? selected.coordinates.flat()
      : selected.type === 'MultiPolygon'
        ? selected.coordinates.flat(2)
        : []
  ) as number[][];
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  map.addSource('survey-preview', {
    type: 'raster',
    tiles: [`${origin}/tile/v2/${encodeURIComponent(survey)}/{z}/{x}/{y}`],
    tileSize: 256,
    minzoom: 14,
    maxzoom: 21,
    bounds: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
  });
  map.addLayer(
    { id: 'survey-preview-imagery', type: 'raster', source: 'survey-preview', paint: { 'raster-fade-duration': 150 } },
    'footprints-fill',
  );
}

async function manyMode() {
  await loaded;
  const answer = (await (
    await authed(`/tile/v2/surveys/coverage?wkt=${encodeURIComponent(params.get('wkt')!)}`)
  ).json()) as { id: string; footprint: Geometry }[];
  addFootprints({
    type: 'FeatureCollection',
    features: answer.map((s) => ({ type: 'Feature', properties: { id: s.id }, geometry: s.footprint })),
  });
}

void (params.get('mode') === 'many' ? manyMode() : openMode());
