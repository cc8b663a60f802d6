import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { tileCaptureKeys } from '../catalog/tile-capture-queries.ts';
import { coverageKeys } from '../catalog/coverage-queries.ts';
import { footprintKeys } from '../catalog/footprint-queries.ts';
import { surveyKeys } from '../catalog/survey-queries.ts';
import { forgetSessionAnswers } from './use-sign-out.ts';

const BASE = 'https://imagery.example';
const OTHER = 'https://other.example';
const search = { wkt: 'POLYGON((0 0, 1 0, 1 1, 0 0))', observedStart: '', observedEnd: '' };

describe('forgetSessionAnswers', () => {
  it("removes the deployment's catalog, searches and tile captures; keeps footprints and other deployments", () => {
    const client = new QueryClient();
    const kept = [footprintKeys.byId(BASE, 'S1'), surveyKeys.list(OTHER)];
    const removed = [
      surveyKeys.list(BASE),
      surveyKeys.scan(BASE),
      coverageKeys.search(BASE, search),
      tileCaptureKeys.tile(BASE, 'S1', { z: 16, x: 1, y: 2 }),
    ];
    for (const key of [...kept, ...removed]) client.setQueryData(key, { answer: true });

    forgetSessionAnswers(client, BASE);

    for (const key of removed) expect(client.getQueryData(key), String(key)).toBeUndefined();
    for (const key of kept) expect(client.getQueryData(key), String(key)).toEqual({ answer: true });
  });
});
