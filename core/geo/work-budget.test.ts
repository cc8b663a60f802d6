import { describe, expect, it } from 'vitest';
import { UNLIMITED, WorkBudgetExceeded, workBudget } from './work-budget.ts';

describe('work budget', () => {
  it('throws once the time is up, looking at the clock only now and then', () => {
    let clock = 0;
    let looks = 0;
    const budget = workBudget(100, () => {
      looks++;
      return clock;
    });
    for (let i = 0; i < 10_000; i++) budget.spend(1);
    expect(looks).toBeLessThan(10);
    clock = 101;
    expect(() => {
      for (let i = 0; i < 10_000; i++) budget.spend(1);
    }).toThrow(WorkBudgetExceeded);
  });

  it('never throws when unlimited', () => {
    expect(() => UNLIMITED.spend(1e9)).not.toThrow();
  });
});
