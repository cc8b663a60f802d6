/**
 * Where the engine's location errors come from: missed construction by how much of the location changed, false
 * alarms by what differs between the two captures (season, snow in one of them, years between them).
 */
import { latOfTileY } from '../../core/geo/tile-address.ts';
import { surveyCtx } from '../../server/imagery/render/survey-context.ts';
import type { ChangeThresholds } from '../../src/features/change/change-thresholds.ts';
import { scoreCells, summarise } from '../../src/features/change/score-pair.ts';
import { seasonAt } from '../../src/features/change/index.ts';
import { captureOf } from './locations.ts';
import type { Measured } from './quality.ts';

const bucket = (share: number) => (share < 0.01 ? 'under 1 %' : share < 0.1 ? '1–10 %' : '10 % or more');

function verdictOf({ tiles }: Measured, thresholds: ChangeThresholds) {
  let changedCells = 0;
  let obscuredCells = 0;
  for (const { features, obscured } of tiles) {
    const score = scoreCells(features, obscured, thresholds);
    changedCells += score.changedCells;
    obscuredCells += score.obscuredCells;
  }
  return summarise({ changedCells, obscuredCells, cells: 1024 }, thresholds).verdict;
}

/** "missed / of": per group, the errors and the locations, as text lines. */
export function errorProfile(measured: Measured[], thresholds: ChangeThresholds): string[] {
  const misses = new Map<string, [number, number]>();
  const alarms = new Map<string, [number, number]>();
  const count = (map: Map<string, [number, number]>, key: string, wrong: boolean) => {
    const entry = map.get(key) ?? [0, 0];
    map.set(key, [entry[0] + (wrong ? 1 : 0), entry[1] + 1]);
  };
  for (const m of measured) {
    const { location } = m;
    if (location.kind === 'cloudy') continue;
    const verdict = verdictOf(m, thresholds);
    if (location.kind === 'changed') {
      count(misses, bucket(location.changedShare), verdict !== 'changed');
      continue;
    }
    const [before, after] = [location.before, location.after].map(captureOf);
    const lat = latOfTileY(location.y + 1, location.z);
    const seasons = seasonAt(before.captureStart, lat) === seasonAt(after.captureStart, lat) ? 'same' : 'different';
    const snow = surveyCtx(before).snow > 0 || surveyCtx(after).snow > 0 ? 'snow in one' : 'no snow';
    const years = Math.abs(surveyCtx(after).Y - surveyCtx(before).Y) >= 1 ? '≥ 1 year apart' : 'under a year apart';
    count(alarms, `${seasons} seasons, ${snow}, ${years}`, verdict === 'changed');
  }
  const lines = (map: Map<string, [number, number]>) =>
    [...map].sort(([a], [b]) => a.localeCompare(b)).map(([key, [wrong, of]]) => `${key} ${wrong} of ${of}`);
  return [
    `construction missed, by the share of the location changed: ${lines(misses).join('; ')}`,
    `false alarms, by what differs between the captures: ${lines(alarms).join('; ')}`,
  ];
}
