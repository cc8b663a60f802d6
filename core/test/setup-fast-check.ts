// Every property test and sample draws from one seed, so a run replays: a fixed one by default, another with
// FC_SEED=<integer> (fast-check prints the seed of a failing property in its report, to rerun it with).
import fc from 'fast-check';

export const DEFAULT_FC_SEED = 20261127;

const raw = process.env.FC_SEED?.trim();
const seed = raw ? Number(raw) : DEFAULT_FC_SEED;
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, got "${raw}"`);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
