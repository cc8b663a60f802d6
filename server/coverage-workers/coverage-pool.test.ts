/**
 * The coverage pool on real worker threads: answers moved from the worker, the budget (kept by the worker itself, or
 * by terminating a worker that does not stop), the queue's limit and a job that fails.
 */
import { transferableSymbol, valueSymbol } from 'piscina';
import { afterAll, describe, expect, it } from 'vitest';
import { surveyTilesInArea } from '../../core/geo/covered-tiles.ts';
import { demoCatalog } from '../catalog/demo.ts';
import { square, wktSquare } from '../test/fixtures.ts';
import { type CoverageJob, CoverageRefused, createCoveragePool } from './coverage-pool.ts';
import coverageWorker from './coverage-worker.ts';
import { newJobClock } from './job-clock.ts';

const survey = demoCatalog()[0];
const [w, s, e, n] = survey.bbox;
const centre = [(w + e) / 2, (s + n) / 2];

type TilesJob = Extract<CoverageJob, { kind: 'tiles' }>;

const tilesJob = (size: number, zoom: number, cap = 10_000): TilesJob => ({
  kind: 'tiles',
  wkt: wktSquare(centre[0], centre[1], centre[0] + size, centre[1] + size),
  survey,
  zoom,
  overlap: 'intersects',
  cap,
  profile: 'seed',
  baseUrl: 'http://localhost',
});

/**
 * A comb of 200 teeth across the survey: at zoom 21 its edges cross ~90,000 tiles, so the walk spends its budget (a
 * compact area's walk is short, and its cost is in the answer's JSON, which only the pool's watchdog bounds).
 */
function combJob(): TilesJob {
  const ring = [`${w} ${s}`];
  for (let i = 0; i < 200; i++) {
    const x = (w + i * 0.0002).toFixed(7);
    const next = (w + i * 0.0002 + 0.0001).toFixed(7);
    ring.push(`${x} ${n}`, `${next} ${n}`, `${next} ${s + 0.001}`);
  }
  ring.push(`${(w + 0.04).toFixed(7)} ${s + 0.001}`, `${(w + 0.04).toFixed(7)} ${s}`, `${w} ${s}`);
  return { ...tilesJob(0, 21, 1e9), wkt: `POLYGON((${ring.join(', ')}))` };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: unknown) => (error instanceof CoverageRefused ? error.reason : String(error)),
  );

describe('the coverage pool with its worker', () => {
  const pool = createCoveragePool({ size: 1 });
  afterAll(() => pool.close());

  it("answers a tile list with the worker's JSON bytes", async () => {
    const answer = await pool.run(tilesJob(0.01, 16), 5_000);
    if (answer.kind !== 'tiles') throw new Error(`expected tiles, got ${answer.kind}`);
    const tiles = JSON.parse(new TextDecoder().decode(answer.body)) as unknown[];
    const expected = surveyTilesInArea(
      survey.footprint,
      square(centre[0], centre[1], centre[0] + 0.01, centre[1] + 0.01),
      16,
    );
    expect(tiles.length).toBe(expected.kind === 'tiles' ? expected.tiles.length : -1);
    expect(tiles.length).toBeGreaterThan(4);
  });

  it('refuses a job that does not fit its budget, and answers the next', async () => {
    expect(await refusal(pool.run(combJob(), 1))).toBe('budget');
    expect((await pool.run(tilesJob(0.01, 16), 5_000)).kind).toBe('tiles');
  });

  it('refuses a job whose worker fails', async () => {
    const job = { ...tilesJob(0.01, 16), profile: 'no-such-profile' };
    expect(await refusal(pool.run(job, 5_000))).toBe('failed');
  });
});

describe('the worker, called in this thread', () => {
  it('stops a job itself when its budget is spent', () => {
    expect(coverageWorker({ job: combJob(), budgetMs: 1, clock: newJobClock() })).toEqual({ kind: 'over-budget' });
  });

  it('hands the body to piscina to move (transfer), not to copy', () => {
    const result = coverageWorker({ job: tilesJob(0.01, 16), budgetMs: 5_000, clock: newJobClock() }) as {
      [transferableSymbol]: unknown[];
      [valueSymbol]: { kind: string; body: Uint8Array };
    };
    expect(result[valueSymbol].kind).toBe('tiles');
    expect(result[transferableSymbol]).toHaveLength(1);
    expect(result[transferableSymbol][0]).toBe(result[valueSymbol].body.buffer);
  });
});

describe('the coverage pool with a worker that does not stop', () => {
  const pool = createCoveragePool({ size: 1, worker: new URL('../test/stuck-coverage-worker.ts', import.meta.url) });
  afterAll(() => pool.close());
  const stuck: CoverageJob = { kind: 'area', wkt: 'stuck' };
  const quick: CoverageJob = { kind: 'area', wkt: 'quick' };

  it('terminates the worker past the budget, refuses its job and answers the next on a new worker', async () => {
    const first = pool.run(stuck, 200);
    const next = pool.run(quick, 200);
    expect(await refusal(first)).toBe('budget');
    expect(await next).toEqual({ kind: 'over-cap' });
  });

  it('refuses a client’s job at once when 16 of its jobs wait (not another’s); answers those that waited', async () => {
    const first = pool.run(stuck, 300, 'flood');
    const waiting = Array.from({ length: 16 }, () => pool.run(quick, 300, 'flood'));
    expect(await refusal(pool.run(quick, 300, 'flood'))).toBe('busy');
    const other = pool.run(quick, 300, 'other');
    expect(await refusal(first)).toBe('budget');
    expect(await Promise.all([...waiting, other].map(refusal))).toEqual(Array(17).fill('answered'));
  });
});

describe('the coverage pool with a worker that cannot load', () => {
  const pool = createCoveragePool({ size: 1, worker: new URL('../test/broken-coverage-worker.ts', import.meta.url) });
  afterAll(() => pool.close());

  it('refuses every job, none left waiting', async () => {
    for (let i = 0; i < 3; i++) {
      const answers = await Promise.all(
        [pool.run({ kind: 'area', wkt: 'a' }, 200), pool.run({ kind: 'area', wkt: 'b' }, 200)].map(refusal),
      );
      expect(answers).toEqual(['failed', 'failed']);
    }
  });
});
