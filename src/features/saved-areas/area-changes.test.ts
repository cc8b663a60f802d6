import { describe, expect, it } from 'vitest';
import { changesBadge, changesSentence, changesSince, hasChanges, snapshotOf } from './area-changes.ts';

const before = [
  { id: 'A', lastUpdated: '2025-01-01T00:00:00Z' },
  { id: 'B', lastUpdated: '2025-02-01T00:00:00Z' },
  { id: 'C', lastUpdated: null },
];

describe('changes over a saved area', () => {
  it('finds nothing when the surveys are as they were, in any order', () => {
    const changes = changesSince(snapshotOf(before), [...before].reverse());
    expect(changes).toEqual({ added: [], updated: [] });
    expect(hasChanges(changes)).toBe(false);
    expect(changesBadge(changes)).toBeNull();
    expect(changesSentence(changes)).toBeNull();
  });

  it('counts surveys that appeared and surveys whose last_updated moved', () => {
    const now = [
      { id: 'D', lastUpdated: '2025-06-01T00:00:00Z' },
      { ...before[0], lastUpdated: '2025-05-01T00:00:00Z' },
      before[1],
      { id: 'C', lastUpdated: '2025-03-01T00:00:00Z' },
    ];
    const changes = changesSince(snapshotOf(before), now);
    expect(changes).toEqual({ added: ['D'], updated: ['A', 'C'] });
    expect(changesBadge(changes)).toBe('1 new · 2 updated');
    expect(changesSentence(changes)).toBe('1 new survey and 2 updated surveys since you last opened it');
  });

  it('ignores surveys that left the area and a last_updated the service no longer sends', () => {
    const changes = changesSince(snapshotOf(before), [{ id: 'A', lastUpdated: null }]);
    expect(hasChanges(changes)).toBe(false);
  });

  it('names only the kinds of change there are', () => {
    expect(changesBadge({ added: ['X', 'Y'], updated: [] })).toBe('2 new');
    expect(changesBadge({ added: [], updated: ['X'] })).toBe('1 updated');
    expect(changesSentence({ added: [], updated: ['X'] })).toBe('1 updated survey since you last opened it');
  });

  it('treats a survey id that looks like an object key as a survey', () => {
    expect(changesSince({}, [{ id: 'constructor', lastUpdated: null }]).added).toEqual(['constructor']);
  });
});
