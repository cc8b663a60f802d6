import { describe, expect, it } from 'vitest';
import { describeScan, scanPhase, scanWanted, type ScanDemand, type ScanProgress } from './catalog-scan.ts';

const progress: ScanProgress = {
  searched: 200,
  total: 900,
  matches: 12,
  hasNext: true,
  stopped: false,
  wholeCatalog: false,
  placesPending: false,
};
const demand: ScanDemand = { ...progress, rowsWanted: 18, fetching: false, failed: false };

describe('when to read another page', () => {
  it('reads on until the list has the rows it wants', () => {
    expect(scanWanted(demand)).toBe(true);
    expect(scanWanted({ ...demand, matches: 18 })).toBe(false);
    expect(scanWanted({ ...demand, matches: 0, rowsWanted: 8 })).toBe(true);
  });

  it('reads every page for a whole-catalog order, however many matches', () => {
    expect(scanWanted({ ...demand, matches: 500, wholeCatalog: true })).toBe(true);
  });

  it('never while a page is on its way, after a failure, once stopped, or at the end', () => {
    expect(scanWanted({ ...demand, fetching: true })).toBe(false);
    expect(scanWanted({ ...demand, failed: true })).toBe(false);
    expect(scanWanted({ ...demand, stopped: true, wholeCatalog: true })).toBe(false);
    expect(scanWanted({ ...demand, hasNext: false, wholeCatalog: true })).toBe(false);
  });
});

describe('progress', () => {
  it('says how much was searched and how many matched', () => {
    expect(describeScan(progress, scanPhase(progress, true))).toBe('Searched 200 of 900 surveys · 12 matches');
    expect(describeScan(progress, scanPhase(progress, false))).toBe('Searched 200 of 900 surveys · 12 matches so far');
    expect(describeScan({ ...progress, total: null, matches: 1 }, 'searching')).toBe('Searched 200 surveys · 1 match');
  });

  it('a whole-catalog order is searching until the end even between pages', () => {
    expect(scanPhase({ ...progress, wholeCatalog: true }, false)).toBe('searching');
  });

  it('stopped, and done', () => {
    const stopped = { ...progress, stopped: true };
    expect(describeScan(stopped, scanPhase(stopped, false))).toBe(
      'Search stopped after 200 of 900 surveys · 12 matches',
    );
    const done = { ...progress, searched: 900, hasNext: false, stopped: true };
    expect(scanPhase(done, false)).toBe('done');
    expect(describeScan(done, 'done')).toBe('12 matches · 900 surveys in the catalog');
  });

  it('still searching, not done with no match, while the place names the text may match are loading', () => {
    const read = { ...progress, searched: 89, total: 89, matches: 0, hasNext: false };
    expect(scanPhase({ ...read, placesPending: true }, false)).toBe('searching');
    expect(scanPhase(read, false)).toBe('done');
  });
});
