/**
 * A cooperative CPU budget for geometry work that an input can make long: loops call spend() and the work stops
 * with WorkBudgetExceeded once the time is up, instead of holding the thread.
 */
export class WorkBudgetExceeded extends Error {
  constructor(readonly ms: number) {
    super(`The geometry work took longer than its budget of ${ms} ms.`);
  }
}

export interface WorkBudget {
  /** Counts units of work; now and then looks at the clock and throws WorkBudgetExceeded when the time is up. */
  spend(units: number): void;
}

/** Units between looks at the clock: a unit is one small step (a segment test, a cell), well under a microsecond. */
const CHECK_EVERY = 2_048;

export function workBudget(ms: number, now: () => number = () => performance.now()): WorkBudget {
  const deadline = now() + ms;
  let sinceCheck = 0;
  return {
    spend(units) {
      sinceCheck += units;
      if (sinceCheck < CHECK_EVERY) return;
      sinceCheck = 0;
      if (now() > deadline) throw new WorkBudgetExceeded(ms);
    },
  };
}

export const UNLIMITED: WorkBudget = { spend() {} };
