import { formatMonthUtc } from '../../format/date-format.ts';

/** A horizontal time axis: where a moment sits (0–1 of the width) and the ticks to draw. */
export interface TimeAxis {
  start: number;
  end: number;
  position(time: number): number;
  ticks: AxisTick[];
}

export interface AxisTick {
  time: number;
  label: string;
  /** Year boundaries are major; months between them minor. */
  major: boolean;
}

const DAY = 86_400_000;

/** Time range of the surveys, padded so the first and last marks are not on the edges. */
export function timeAxis(times: readonly number[]): TimeAxis {
  const finite = times.filter(Number.isFinite);
  const low = finite.length ? Math.min(...finite) : 0;
  const high = finite.length ? Math.max(...finite) : 0;
  const pad = Math.max(30 * DAY, (high - low) * 0.06);
  const start = low - pad;
  const end = high + pad;
  const position = (time: number) => (time - start) / (end - start);
  return { start, end, position, ticks: ticksBetween(start, end) };
}

/** Ticks on UTC month starts: every year on long spans, every quarter or month on shorter ones. */
export function ticksBetween(start: number, end: number): AxisTick[] {
  const months = (end - start) / (30.44 * DAY);
  const step = months > 40 ? 12 : months > 12 ? 3 : 1;
  const first = new Date(start);
  let year = first.getUTCFullYear();
  let month =
    Math.ceil((first.getUTCMonth() + (first.getUTCDate() > 1 || first.getUTCHours() > 0 ? 1 : 0)) / step) * step;
  const ticks: AxisTick[] = [];
  for (;;) {
    year += Math.floor(month / 12);
    month %= 12;
    const time = Date.UTC(year, month, 1);
    if (time > end) break;
    if (time >= start) {
      const major = month === 0;
      ticks.push({ time, label: major || step === 12 ? String(year) : formatMonthUtc(time), major });
    }
    month += step;
  }
  return ticks;
}

/**
 * Rows for marks so that close ones do not cover each other: each mark takes the first row whose
 * last mark is at least `minGap` (0–1 of the width) to its left. Positions in any order.
 */
export function assignLanes(positions: readonly number[], minGap: number, maxLanes = 3): number[] {
  const order = positions.map((p, i) => [p, i] as const).sort((x, y) => x[0] - y[0]);
  const laneEnds: number[] = [];
  const lanes = new Array<number>(positions.length).fill(0);
  for (const [p, i] of order) {
    let lane = laneEnds.findIndex((endAt) => p - endAt >= minGap);
    if (lane === -1) lane = laneEnds.length < maxLanes ? laneEnds.length : laneEnds.indexOf(Math.min(...laneEnds));
    laneEnds[lane] = p;
    lanes[i] = lane;
  }
  return lanes;
}
