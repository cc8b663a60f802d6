import { describe, expect, it } from 'vitest';
import { contractProblems } from '../test/contract.ts';
import legacyPage from './fixtures/legacy-survey-page.json';
import providerCoverage from './fixtures/provider-coverage.json';
import providerFootprint from './fixtures/provider-footprint.json';
import providerPage from './fixtures/provider-survey-page.json';
import providerTiles from './fixtures/provider-tile-metadata.json';
import seedCoverage from './fixtures/seed-coverage.json';
import seedFootprint from './fixtures/seed-footprint.json';
import seedPage from './fixtures/seed-survey-page.json';
import seedTiles from './fixtures/seed-tile-metadata.json';
import { legacyShape, PROVIDER_SHAPE, type ResponseSchemas, responseSchemas, SEED_SHAPE } from './response-schemas.ts';

// The viewer's unit tests decode these answers; the service's answers are checked against the same schemas, so a
// fixture that drifted from the wire would fail here rather than pass unseen in a decoder test.
const seed = responseSchemas(SEED_SHAPE);
const provider = responseSchemas(PROVIDER_SHAPE);
const legacy = responseSchemas(legacyShape('provider'));

const cases: [string, unknown, ResponseSchemas, keyof ResponseSchemas][] = [
  ['seed-survey-page', seedPage, seed, 'surveyPage'],
  ['seed-footprint', seedFootprint, seed, 'footprint'],
  ['seed-coverage', seedCoverage, seed, 'coverage'],
  ['seed-tile-metadata', seedTiles, seed, 'tileMetadata'],
  ['provider-survey-page', providerPage, provider, 'surveyPage'],
  ['provider-footprint', providerFootprint, provider, 'footprint'],
  ['provider-coverage', providerCoverage, provider, 'coverage'],
  ['provider-tile-metadata', providerTiles, provider, 'tileMetadata'],
  ['legacy-survey-page', legacyPage, legacy, 'surveyPage'],
];

describe("the viewer's wire fixtures match the shared schemas", () => {
  it.each(cases)('%s', (_name, fixture, schemas, answer) => {
    expect(contractProblems(schemas[answer], fixture)).toEqual([]);
  });

  it('notices a fixture that drifted (a renamed field)', () => {
    const [first, ...rest] = seedPage.results;
    const { cloud_cover, ...renamed } = first;
    const drifted = { ...seedPage, results: [{ ...renamed, cloudCover: cloud_cover }, ...rest] };
    expect(contractProblems(seed.surveyPage, drifted)).not.toEqual([]);
  });
});
