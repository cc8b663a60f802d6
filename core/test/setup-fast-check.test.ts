import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FC_SEED } from './setup-fast-check.ts';

describe('property tests’ seed', () => {
  it('is FC_SEED or the fixed default, so two runs draw the same values', () => {
    expect(fc.readConfigureGlobal().seed).toBe(Number(process.env.FC_SEED?.trim() || DEFAULT_FC_SEED));
    expect(fc.sample(fc.integer(), 20)).toEqual(fc.sample(fc.integer(), 20));
  });
});
