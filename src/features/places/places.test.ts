import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normaliseGazetteer } from '../../../core/wire/normalise.ts';
import { codeScore, placeCodesOf, placesMatch, searchPlaces, surveyPlaceNames } from './places.ts';

/** The gazetteer the app ships (npm run basemap). */
const gazetteer = normaliseGazetteer(
  JSON.parse(readFileSync(new URL('../../../public/basemap/gazetteer.json', import.meta.url), 'utf8')),
);

describe('place codes in survey ids', () => {
  it('reads the state and place codes at the end of an id', () => {
    expect(placeCodesOf('2025-P01-CO-DEN')).toEqual({ state: 'CO', place: 'DEN' });
    expect(placeCodesOf('2024Q4-FL-PTCH')).toEqual({ state: 'FL', place: 'PTCH' });
    expect(placeCodesOf('2024Q1-TX')).toEqual({ state: 'TX', place: null });
    expect(placeCodesOf('survey_42')).toBeNull();
  });

  it('scores how well a code spells a name, with its first letter first', () => {
    expect(codeScore('DEN', 'Denver')).toBeGreaterThan(codeScore('DEN', 'Dunedin'));
    expect(codeScore('SAC', 'Sacramento')).toBeGreaterThan(codeScore('SAC', 'San Francisco'));
    expect(codeScore('DEN', 'Aurora')).toBe(-1);
    expect(codeScore('PHX', 'Phoenix')).toBeGreaterThan(0);
  });

  it.each([
    ['2025-P01-CO-DEN', ['Colorado', 'Denver']],
    ['2026-P1-FL-TPA', ['Florida', 'Tampa']],
    ['2024Q4-FL-PTCH', ['Florida', 'Port Charlotte']],
    ['2024Q2-NV-LAS', ['Nevada', 'Las Vegas']],
    ['2024Q1-CA-SAC', ['California', 'Sacramento']],
    ['2023Q2-SC-COLA', ['South Carolina', 'Columbia']],
    ['2026Q2-MO-KC', ['Missouri', 'Kansas City']],
    ['2025Q3-UT-SLC', ['Utah', 'Salt Lake City']],
    ['2025Q3-OK-OKC', ['Oklahoma', 'Oklahoma City']],
    ['2025Q3-CO-BLDR', ['Colorado', 'Boulder']],
    ['2025Q3-TN-NSH', ['Tennessee', 'Nashville']],
  ])('%s stands for %j', (id, names) => {
    expect(surveyPlaceNames(gazetteer)(id)).toEqual(names);
  });

  it('knows the state when the place code spells no city it knows', () => {
    expect(surveyPlaceNames(gazetteer)('2023Q2-SC-IVA')).toEqual(['South Carolina']);
    expect(surveyPlaceNames(gazetteer)('2023Q2-ZZ-IVA')).toEqual([]);
  });

  it('matches what was typed at the start of a word', () => {
    expect(placesMatch(['Colorado', 'Denver'], 'denver')).toBe(true);
    expect(placesMatch(['Colorado', 'Denver'], 'Den')).toBe(true);
    expect(placesMatch(['Utah', 'Salt Lake City'], 'lake')).toBe(true);
    expect(placesMatch(['Colorado', 'Denver'], 'enver')).toBe(false);
    expect(placesMatch(['Colorado', 'Denver'], ' ')).toBe(false);
  });
});

describe('searchPlaces', () => {
  it('finds cities first by population, then counties and states', () => {
    const found = searchPlaces(gazetteer, 'Denver');
    expect(found[0]).toEqual({ label: 'Denver, CO', kind: 'city', go: { center: expect.any(Array) } });
    expect(found.map((p) => p.label)).toContain('Denver County, CO');
  });

  it('finds a county by its name with or without "County", and narrows by state', () => {
    const county = searchPlaces(gazetteer, 'Hillsborough County, FL');
    expect(county[0]).toMatchObject({ label: 'Hillsborough County, FL', kind: 'county' });
    const [west, south, east, north] = (county[0].go as { extent: number[] }).extent;
    expect(west).toBeLessThan(-82.4);
    expect(east).toBeGreaterThan(-82.4);
    expect(south).toBeLessThan(27.95);
    expect(north).toBeGreaterThan(27.95);
    expect(searchPlaces(gazetteer, 'Columbia SC')[0].label).toBe('Columbia, SC');
    expect(searchPlaces(gazetteer, 'Colorado')[0]).toMatchObject({ label: 'Colorado', kind: 'state' });
  });

  it('finds nothing for nothing', () => {
    expect(searchPlaces(gazetteer, '  ')).toEqual([]);
    expect(searchPlaces(gazetteer, 'Xqzzy')).toEqual([]);
  });
});
