import { describe, expect, it } from 'vitest';
import { planFlags } from './plan-flags.ts';
import type { PlanSurvey, SourceSurvey, TileSelection } from './tile-selection.ts';

const now = new Date('2026-11-28T07:00:00Z');
const survey = (surveyId: string, day: string, cloudCover: number | null): SourceSurvey => ({
  surveyId,
  captureStart: `${day}T16:00:00Z`,
  captureEnd: `${day}T19:00:00Z`,
  cloudCover,
});
/** Central Denver's demo surveys: the newest is the cloudiest. */
const NEWEST_CLOUDY = survey('2026-P1-CO-DEN', '2026-04-18', 39.8);
const OLDER_CLEAR = survey('2025Q3-CO-DEN', '2025-09-14', 0);
const OLD_CLEAR = survey('2024Q1-CO-DEN', '2024-01-16', 0);
const UNPUBLISHED = survey('2026-P2-CO-DEN', '2026-10-02', null);
const SOURCES = [NEWEST_CLOUDY, OLDER_CLEAR, OLD_CLEAR];

const plan = (selection: TileSelection['rule'], used: SourceSurvey[]) => ({
  selection: { rule: selection, maxCloudCover: null },
  surveys: used.map((s): PlanSurvey => ({ ...s, tiles: 10 })),
});

describe('what the plan flags about its imagery', () => {
  // The walk that found it: "Best available · Newest" took a 39.8 %-cloud survey and said nothing.
  it('flags a cloudy survey the newest rule takes, and says a clearer one is there', () => {
    const flags = planFlags(plan('newest', [NEWEST_CLOUDY]), SOURCES, now);
    expect(flags).toEqual([
      '2026-P1-CO-DEN: 39.8 % cloud cover, over 10 %: its tiles may show cloud. Least cloud, or a cloud limit, takes ' +
        'clearer imagery where the results have some.',
    ]);
  });

  it('flags an unknown cloud cover as unknown, not clear', () => {
    const [flag] = planFlags(plan('newest', [UNPUBLISHED]), [UNPUBLISHED], now);
    expect(flag).toBe('2026-P2-CO-DEN: its cloud cover is not published, so it is unknown, not clear.');
  });

  it('flags imagery over a year old, and newer imagery the least-cloud rule passed over', () => {
    const flags = planFlags(plan('least-cloud', [OLDER_CLEAR, OLD_CLEAR]), SOURCES, now);
    expect(flags).toHaveLength(3);
    expect(flags[0]).toMatch(/^2025Q3-CO-DEN: captured .*2025, 1 year 2 months ago\.$/);
    expect(flags[1]).toMatch(/^2024Q1-CO-DEN: captured .*2024, 2 years 10 months ago\.$/);
    expect(flags[2]).toMatch(
      /^Newer imagery in the results is not used: 2026-P1-CO-DEN \(captured .*, cloud 39\.8 %\)\.$/,
    );
  });

  it('says nothing of a recent, clear survey', () => {
    const recent = survey('2026Q3-CO-DEN', '2026-08-01', 2);
    expect(planFlags(plan('selected-survey', [recent]), [recent], now)).toEqual([]);
  });
});
