/**
 * A set's locations with their truth and imagery, drawn once and kept in bench/.results/change/ under a hash of every
 * source they depend on (the renderer, the demo catalog, the sampler, the engine's reduction), so a run after a change
 * to any of them draws again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { ROOT } from '../lib/service.ts';
import { developmentYearsOver } from '../../server/imagery/render/built-state.ts';
import { candidates, captureOf, type Location, locationTiles } from './locations.ts';
import { CHANGED_SHARE, CLOUDY_SHARE, type SampleSet } from './sets.ts';
import type { LocationCells, TruthJob } from './truth-worker.ts';

export type LocationKind = 'changed' | 'unchanged' | 'cloudy';

export interface SampledLocation extends Location {
  kind: LocationKind;
  /** Share of its ground visible in both captures whose built state changed. */
  changedShare: number;
  /** Share of its ground under cloud in either capture. */
  cloudShare: number;
  cells: LocationCells;
  /** The eight reduced tiles (truth-worker.ts). */
  imagery: Uint8ClampedArray;
}

export interface Dataset {
  set: SampleSet;
  locations: SampledLocation[];
  /** Candidates judged to fill the quotas, and those with a little change (under CHANGED_SHARE) left out. */
  drawn: number;
  marginal: number;
}

const SOURCES = [
  'server/imagery/render',
  'server/catalog/demo.ts',
  'server/catalog/captures.ts',
  'src/features/change/reduce-tile.ts',
  'bench/change/locations.ts',
  'bench/change/sets.ts',
  'bench/change/truth-worker.ts',
  'bench/change/dataset.ts',
];

function sourceHash(set: SampleSet): string {
  const hash = createHash('sha256').update(JSON.stringify(set));
  for (const source of SOURCES) {
    const full = path.join(ROOT, source);
    const files = source.endsWith('.ts')
      ? [full]
      : readdirSync(full)
          .sort()
          .map((f) => path.join(full, f));
    for (const file of files) hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** A location's kind by its truth (null: a little change, left out). */
function kindOf({ changed, cloud }: LocationCells): {
  kind: LocationKind | null;
  changedShare: number;
  cloudShare: number;
} {
  let cloudSum = 0;
  let visible = 0;
  let changedVisible = 0;
  for (let c = 0; c < cloud.length; c++) {
    cloudSum += cloud[c];
    if (cloud[c] < CLOUDY_SHARE) {
      visible++;
      changedVisible += changed[c];
    }
  }
  const cloudShare = cloudSum / cloud.length;
  const changedShare = visible > 0 ? changedVisible / visible : 0;
  const kind =
    cloudShare >= CLOUDY_SHARE
      ? 'cloudy'
      : changedShare >= CHANGED_SHARE
        ? 'changed'
        : changedShare === 0
          ? 'unchanged'
          : null;
  return { kind, changedShare, cloudShare };
}

/** Whether a quarter under the location may change between its captures' dates (sections.ts). */
function developing(location: Location): boolean {
  const [from, to] = [location.before, location.after].map((ref) => {
    const date = new Date(captureOf(ref).captureStart);
    return date.getUTCFullYear() + date.getUTCMonth() / 12;
  });
  return locationTiles(location).some(({ z, x, y }) =>
    developmentYearsOver(z, x, y).some((year) => year > from - 2 && year < to + 2),
  );
}

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const BATCH = 32;
const MAX_CANDIDATES = 60_000;

async function draw(set: SampleSet, log: (line: string) => void): Promise<Dataset> {
  const pool = new Piscina<TruthJob, LocationCells | Uint8ClampedArray>({
    filename: new URL('./truth-worker.ts', import.meta.url).href,
    execArgv: ['--import', TSX],
    maxThreads: 2,
  });
  try {
    const open = { ...set.quotas };
    const kept: Omit<SampledLocation, 'imagery'>[] = [];
    let drawn = 0;
    let marginal = 0;
    const stream = candidates(set);
    while (Object.values(open).some((n) => n > 0)) {
      if (drawn >= MAX_CANDIDATES) throw new Error(`${set.name}: quotas still open after ${drawn} candidates`);
      // With only construction left to find, candidates where no quarter develops near the captures' dates are skipped.
      const batch: Location[] = [];
      while (batch.length < BATCH) {
        const location = stream.next().value as Location;
        if (open.unchanged > 0 || open.cloudy > 0 || developing(location)) batch.push(location);
        else drawn++;
      }
      const truths = await Promise.all(batch.map((location) => pool.run({ kind: 'truth', location })));
      for (const [i, location] of batch.entries()) {
        drawn++;
        const cells = truths[i] as LocationCells;
        const { kind, changedShare, cloudShare } = kindOf(cells);
        if (kind === null) marginal++;
        else if (open[kind] > 0) {
          open[kind]--;
          kept.push({ ...location, kind, changedShare, cloudShare, cells });
        }
        if (Object.values(open).every((n) => n === 0)) break;
      }
      if (drawn % (BATCH * 25) < BATCH) log(`  … ${drawn} candidates, still to find: ${JSON.stringify(open)}`);
    }
    log(`  ${set.name}: ${kept.length} locations from ${drawn} candidates (${marginal} with a little change left out)`);
    const started = Date.now();
    let rendered = 0;
    const locations = await Promise.all(
      kept.map(async (location) => {
        const imagery = (await pool.run({ kind: 'imagery', location })) as Uint8ClampedArray;
        if (++rendered % 100 === 0)
          log(`  … ${rendered} of ${kept.length} rendered (${((Date.now() - started) / 1000).toFixed(0)} s)`);
        return { ...location, imagery };
      }),
    );
    return { set, locations, drawn, marginal };
  } finally {
    await pool.destroy();
  }
}

const CELLS = 1024;

/** The set's dataset: from the cache when its sources are unchanged, else drawn and rendered (minutes) and kept. */
export async function dataset(set: SampleSet, log: (line: string) => void): Promise<Dataset> {
  const dir = path.join(ROOT, 'bench/.results/change');
  const base = path.join(dir, `${set.name}-${sourceHash(set)}`);
  if (existsSync(`${base}.json`)) {
    const meta = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as Omit<Dataset, 'locations'> & {
      locations: Omit<SampledLocation, 'cells' | 'imagery'>[];
    };
    const cells = new Float32Array(readFileSync(`${base}.cells`).buffer.slice(0));
    const imagery = new Uint8ClampedArray(readFileSync(`${base}.imagery`).buffer.slice(0));
    const per = imagery.length / meta.locations.length;
    log(`  ${set.name}: ${meta.locations.length} locations from the cache (${path.relative(ROOT, base)})`);
    return {
      ...meta,
      locations: meta.locations.map((location, i) => ({
        ...location,
        cells: {
          changed: cells.subarray(i * 2 * CELLS, i * 2 * CELLS + CELLS),
          cloud: cells.subarray(i * 2 * CELLS + CELLS, (i + 1) * 2 * CELLS),
        },
        imagery: imagery.subarray(i * per, (i + 1) * per),
      })),
    };
  }
  const data = await draw(set, log);
  mkdirSync(dir, { recursive: true });
  const { locations, ...rest } = data;
  writeFileSync(
    `${base}.json`,
    JSON.stringify({ ...rest, locations: locations.map(({ cells, imagery, ...location }) => location) }),
  );
  const cells = new Float32Array(locations.length * 2 * CELLS);
  locations.forEach(({ cells: { changed, cloud } }, i) => {
    cells.set(changed, i * 2 * CELLS);
    cells.set(cloud, i * 2 * CELLS + CELLS);
  });
  writeFileSync(`${base}.cells`, cells);
  writeFileSync(
    `${base}.imagery`,
    Buffer.concat(locations.map(({ imagery }) => new Uint8Array(imagery.buffer, imagery.byteOffset, imagery.length))),
  );
  return data;
}
