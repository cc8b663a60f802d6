import { describe, expect, it } from 'vitest';
import { type Annotation, annotationsFromGeoJson, annotationsToGeoJson, boundsOf, geometryOf } from './annotation.ts';
import {
  annotationsFromLinkParam,
  annotationsLinkParam,
  encodeLinkedAnnotations,
  MAX_LINK_CHARS,
  MAX_LINKED_NOTES,
  newFromLink,
} from './annotation-link.ts';

const pin: Annotation = {
  id: 'a-1',
  kind: 'point',
  geometry: { type: 'Point', coordinates: [-104.990012, 39.740034] },
  title: 'Hail damage — north slope',
  note: 'Seen on the 2024 capture.\nSecond line.',
  imagery: {
    surveyId: '2024Q1-CO-DEN',
    captureId: '20240116T151300_X',
    captureStart: '2024-01-16T15:13:00Z',
    captureEnd: '2024-01-16T19:10:00Z',
  },
  measured: null,
  created: '2026-11-25T10:00:00.000Z',
  updated: '2026-11-25T10:05:00.000Z',
};
const roof: Annotation = {
  ...pin,
  id: 'a-2',
  kind: 'area',
  geometry: geometryOf('area', [
    [-104.99, 39.74],
    [-104.989, 39.74],
    [-104.989, 39.741],
  ]),
  title: 'Roof',
  measured: '1.2 ha, perimeter 480 m',
};

describe('annotations as GeoJSON', () => {
  it('round-trip exactly', () => {
    const json = JSON.parse(JSON.stringify(annotationsToGeoJson([pin, roof])));
    expect(json.features[1].geometry.coordinates[0]).toHaveLength(4);
    expect(annotationsFromGeoJson(json)).toEqual({ annotations: [pin, roof], rejected: [] });
  });

  it('take other GeoJSON too, naming each feature left out and keeping the rest', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const read = annotationsFromGeoJson(
      {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [2.35, 48.85, 35] },
            properties: { name: 'Paris' },
          },
          { type: 'Feature', geometry: { type: 'MultiPoint', coordinates: [[0, 0]] }, properties: {} },
          { type: 'Feature', geometry: { type: 'Point', coordinates: [200, 0] }, properties: {} },
          { type: 'Nonsense' },
        ],
      },
      now,
      () => 'new-id',
    );
    expect(read.annotations).toEqual([
      {
        id: 'new-id',
        kind: 'point',
        geometry: { type: 'Point', coordinates: [2.35, 48.85] },
        title: 'Paris',
        note: '',
        imagery: null,
        measured: null,
        created: now.toISOString(),
        updated: now.toISOString(),
      },
    ]);
    expect(read.rejected).toEqual([
      'Feature 2 was left out: its geometry is a MultiPoint (a Point, LineString or Polygon is).',
      'Feature 3 was left out: its geometry is a Point (a Point, LineString or Polygon is).',
      'Feature 4 is not a GeoJSON Feature.',
    ]);
  });

  it('know their extent', () => {
    expect(boundsOf(roof)).toEqual([-104.99, 39.74, -104.989, 39.741]);
  });
});

describe('annotations in a share link', () => {
  it('ride along when few, coordinates to about 10 cm, text in any script', () => {
    const param = annotationsLinkParam([{ ...pin, title: 'Dégâts de grêle 雹' }, roof])!;
    expect(param).toMatch(/^[\w-]+$/);
    const back = annotationsFromLinkParam(param);
    expect(back?.kind).toBe('included');
    if (back?.kind !== 'included') return;
    expect(back.annotations.map((a) => a.title)).toEqual(['Dégâts de grêle 雹', 'Roof']);
    expect(back.annotations[0].geometry).toEqual({ type: 'Point', coordinates: [-104.990012, 39.740034] });
    expect(back.annotations[0].imagery).toEqual(pin.imagery);
  });

  it('say how many were left out when they would make the link too long', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ ...pin, id: `a-${i}`, note: 'x'.repeat(60) }));
    const param = annotationsLinkParam(many)!;
    expect(param).toBe('omitted-40');
    expect(param.length).toBeLessThan(MAX_LINK_CHARS);
    expect(annotationsFromLinkParam(param)).toEqual({ kind: 'omitted', count: 40 });
    expect(annotationsFromLinkParam('%%%')).toBeNull();
    expect(annotationsLinkParam([])).toBeNull();
  });
});

describe('a link carrying many annotations (issue 33, item 9)', () => {
  // The red-team's link: 8,000 annotations in a notes fragment of over a megabyte.
  const planted = Array.from({ length: 8_000 }, (_, i) => ({ ...pin, id: `planted-${i}`, title: `Planted ${i}` }));

  it('reads back every one of a 1 MB notes fragment, once per id', () => {
    const param = encodeLinkedAnnotations([...planted, planted[0]]);
    expect(param.length).toBeGreaterThan(1_000_000);
    const back = annotationsFromLinkParam(param);
    expect(back?.kind === 'included' && back.annotations.length).toBe(8_000);
  });

  it('adds only the ones not already here, at most MAX_LINKED_NOTES', () => {
    expect(MAX_LINKED_NOTES).toBe(500);
    const present = planted.slice(0, 3);
    const { count, added } = newFromLink(planted, present);
    expect(count).toBe(7_997);
    expect(added).toHaveLength(MAX_LINKED_NOTES);
    expect(added[0].id).toBe('planted-3');
    expect(newFromLink(present, present)).toEqual({ count: 0, added: [] });
  });
});
