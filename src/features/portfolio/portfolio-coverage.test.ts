import { booleanPointInPolygon } from '@turf/turf';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { polygonsOf, vertexCount } from '../../../core/geo/geometry.ts';
import { MAX_AREA_KM2, MAX_VERTICES } from '../../../core/wire/limits.ts';
import { extentCentre } from '../../../core/geo/geometry.ts';
import { normaliseCoverage, normaliseFootprint, normaliseSurveyPage } from '../../../core/wire/normalise.ts';
import { type RunningService, startService } from '../../test/running-service.ts';
import { areaToWkt } from '../../area/wkt.ts';
import { area as areaM2 } from '@turf/turf';
import { assignSurveys } from './assign-surveys.ts';
import { GROUP_LIMITS, type GroupLimits, groupLocations } from './group-locations.ts';
import { locationArea, type PortfolioLocation } from './location.ts';

let service: RunningService;
/** Where the demo catalog's surveys are: the middle of each one's footprint. */
const places: [number, number][] = [];
beforeAll(async () => {
  service = await startService();
  const page = normaliseSurveyPage(await (await service.get('/tile/v2/surveys?page=1&page_size=100')).json(), 1);
  for (const { id } of page.surveys) {
    const footprint = normaliseFootprint(await (await service.get(`/tile/v2/${id}/footprint`)).json(), id);
    if (footprint) places.push(extentCentre(footprint.bbox as [number, number, number, number]));
  }
}, 60_000);
afterAll(() => service.stop());

const coverage = async (wkt: string) => {
  const answer = await service.get(`/tile/v2/surveys/coverage?wkt=${encodeURIComponent(wkt)}`);
  expect(answer.status).toBe(200);
  return normaliseCoverage(await answer.json());
};

/** Points scattered around the demo catalog's surveys (some far out, where there is no imagery). */
const portfolio = () =>
  fc
    .tuple(
      fc.array(
        fc.record({
          place: fc.integer({ min: 0, max: places.length - 1 }),
          dx: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
          dy: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
        }),
        { minLength: 1, maxLength: 60 },
      ),
      fc.integer({ min: 5, max: 800 }),
    )
    .map(([points, radius]) => ({
      radius,
      locations: points.map(
        ({ place, dx, dy }, id): PortfolioLocation => ({
          id,
          line: id + 2,
          label: `L${id}`,
          position: [places[place][0] + dx, places[place][1] + dy],
          area: null,
          values: [],
        }),
      ),
    }));

const SMALL: GroupLimits = { ...GROUP_LIMITS, maxLocations: 12, maxSpanDeg: 0.15 };

describe('portfolio coverage', () => {
  it('groups locations within the service limits, each group holding its locations', () => {
    fc.assert(
      fc.property(portfolio(), ({ locations, radius }) => {
        for (const limits of [GROUP_LIMITS, SMALL]) {
          const groups = groupLocations(locations, radius, limits);
          expect(groups.flatMap((g) => g.ids).sort((a, b) => a - b)).toEqual(locations.map((l) => l.id));
          for (const group of groups) {
            expect(group.ids.length).toBeLessThanOrEqual(limits.maxLocations);
            expect(vertexCount(group.area)).toBeLessThanOrEqual(MAX_VERTICES);
            expect(areaM2(group.area) / 1e6).toBeLessThanOrEqual(MAX_AREA_KM2);
            for (const id of group.ids) {
              for (const rings of polygonsOf(locationArea(locations[id], radius))) {
                for (const position of rings[0])
                  expect(booleanPointInPolygon(position, group.area, { ignoreBoundary: false })).toBe(true);
              }
            }
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('gives every location exactly the surveys a query for it alone returns (reference service)', async () => {
    await fc.assert(
      fc.asyncProperty(portfolio(), async ({ locations, radius }) => {
        const groups = groupLocations(locations, radius, SMALL);
        expect(groups.length).toBeLessThan(locations.length + 1);
        for (const group of groups) {
          const found = await coverage(areaToWkt(group.area));
          const results = assignSurveys(
            group.ids.map((id) => locations[id]),
            radius,
            found,
          );
          for (const result of results) {
            const alone = await coverage(areaToWkt(locationArea(locations[result.id], radius)));
            expect(result.surveyIds).toEqual(alone.map((s) => s.id));
            if (result.surveyIds.length === 0) expect(result.percentCovered).toBe(0);
            else expect(result.percentCovered).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});
