/**
 * The bundle budget, in `npm test`: a production build made by this test into a temporary directory,
 * measured without any timing. The JS loaded before first paint stays within MapLibre's own size + 120
 * KB (gzip), and drawing, import and export code stays out of it (loaded lazily).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_OVER_FLOOR, measureBundle, type BundleReport } from './bundle-size.ts';
import { buildViewer } from './lib/build.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'bundle-budget-'));
let report: BundleReport;

beforeAll(async () => {
  await buildViewer(dir);
  report = measureBundle(dir);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

describe('bundle budget', () => {
  it('loads at most MapLibre + 120 KB (gzip) of JavaScript before first paint', () => {
    const over = report.initialGzip - report.floorGzip;
    const detail =
      `${report.initialFiles.join(', ')}: ${kb(report.initialGzip)} gzip, MapLibre ` +
      `${kb(report.floorGzip)}, over by ${kb(over)}; largest: ` +
      `${report.topContributors.map((c) => `${c.owner} ${kb(c.bytes)}`).join(', ')}`;
    expect(over, detail).toBeLessThanOrEqual(BUDGET_OVER_FLOOR);
  });

  it('loads drawing, area import and export code lazily', () => {
    expect(report.eagerButShouldBeLazy).toEqual([]);
    expect(report.lazyFiles.length).toBeGreaterThan(0);
  });
});
