import { afterEach, describe, expect, it } from 'vitest';
import { compareStore } from './compare-store.ts';
import { sideBySideStore, spreadOver, withPane } from './side-by-side-store.ts';

const dated = (imagery: string, day: string) => ({ imagery, captureStart: `${day}T00:00:00Z` });
const KNOWN = [
  dated('S2019', '2019-05-01'),
  dated('S2020', '2020-05-01'),
  dated('S2022', '2022-05-01'),
  dated('S2025', '2025-05-01'),
];

afterEach(() => sideBySideStore.getState().sideBySideClosed());

describe('side by side', () => {
  it('spreads four panes over many captures, keeping the oldest and the newest', () => {
    expect(spreadOver([1, 2, 3])).toEqual([1, 2, 3]);
    expect(spreadOver([1, 2, 3, 4, 5, 6, 7])).toEqual([1, 3, 5, 7]);
    expect(spreadOver([1, 2, 3, 4, 5], 2)).toEqual([1, 5]);
  });

  it('adds a capture while there is room, then replaces the shown one nearest in time', () => {
    expect(withPane(['S2019'], dated('S2025', '2025-05-01'), KNOWN)).toEqual(['S2019', 'S2025']);
    const full = KNOWN.map((k) => k.imagery);
    expect(withPane(full, dated('S2021', '2021-11-01'), KNOWN)).toEqual(['S2019', 'S2020', 'S2021', 'S2025']);
    expect(withPane(full, dated('S2020', '2020-05-01'), KNOWN)).toEqual(full);
    // A shown capture whose time is not known goes first.
    expect(withPane(['X', ...full.slice(1)], dated('S2019', '2019-05-01'), KNOWN)).toEqual([
      'S2019',
      'S2020',
      'S2022',
      'S2025',
    ]);
  });

  it('opens in place of a comparison, and keeps at most four distinct captures', () => {
    compareStore.getState().compareRestored({ a: 'A', b: 'B', mode: 'swipe', swipe: 0.5, fade: 0.5 });
    sideBySideStore.getState().sideBySideOpened(['A', 'B', 'A', '', 'C', 'D', 'E']);
    expect(sideBySideStore.getState().panes).toEqual(['A', 'B', 'C', 'D']);
    expect(compareStore.getState().active).toBe(false);
    sideBySideStore.getState().paneRemoved('B');
    expect(sideBySideStore.getState().panes).toEqual(['A', 'C', 'D']);
  });
});
