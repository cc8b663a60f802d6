import { describe, expect, it } from 'vitest';
import { refusal } from './fair-share.ts';

const minute = (counts: Record<string, number>, lastMinute: string[] = []) => ({
  counts: new Map(Object.entries(counts)),
  lastMinute,
});

describe('the upstream budget’s rule', () => {
  it('refuses past a person’s own share, and past the team’s budget', () => {
    const limits = { perPerson: 5, team: 8 };
    expect(refusal('a', minute({ a: 5 }), limits)).toBeNull();
    expect(refusal('a', minute({ a: 6 }), limits)).toEqual({ why: 'person', limit: 5 });
    expect(refusal('b', minute({ a: 5, b: 4 }), limits)).toEqual({ why: 'team', limit: 8 });
  });

  it('lets one person alone use the whole team budget: nothing is held for nobody', () => {
    expect(refusal('a', minute({ a: 100 }), { perPerson: 0, team: 100 })).toBeNull();
  });

  it('holds what others using the budget are owed of a fair share, once it is contended', () => {
    const limits = { perPerson: 0, team: 100 };
    // b asked last minute: a may take its half, and b's unmet half stays b's.
    expect(refusal('a', minute({ a: 50 }, ['b']), limits)).toBeNull();
    expect(refusal('a', minute({ a: 51 }, ['b']), limits)).toEqual({ why: 'fair', limit: 50 });
    // b asks little so far: its unmet half is held for it all the same.
    expect(refusal('a', minute({ a: 51, b: 10 }), limits)).toEqual({ why: 'fair', limit: 50 });
    // b took more before a came: a gets what is left, past its half when b's is met.
    expect(refusal('a', minute({ a: 40, b: 55 }), limits)).toBeNull();
    expect(refusal('a', minute({ a: 46, b: 55 }), limits)).toEqual({ why: 'team', limit: 100 });
    // Three people: a third each (the one left over by rounding goes to whoever asks for it).
    expect(refusal('c', minute({ a: 30, b: 33, c: 35 }), limits)).toEqual({ why: 'fair', limit: 33 });
  });
});
