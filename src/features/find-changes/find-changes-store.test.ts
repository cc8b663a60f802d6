import { beforeEach, describe, expect, it } from 'vitest';
import { findChangesStore } from './find-changes-store.ts';

const store = () => findChangesStore.getState();
const RUN = { wkt: 'POLYGON((0 0, 1 0, 1 1, 0 0))', before: 'A', after: 'B' };

describe('the Find changes store', () => {
  beforeEach(() => store().changesLinked(null));

  it('steps through the spots from the first, and starts again with each run', () => {
    store().findChangesAsked(RUN);
    store().nextSpotAsked();
    expect(store().spot).toBe(0);
    store().nextSpotAsked();
    store().spotChosen(5);
    const requests = store().spotRequests;
    store().spotChosen(5);
    expect(store().spotRequests).toBe(requests + 1);
    store().nextSpotAsked();
    expect(store().spot).toBe(6);
    store().findChangesAsked({ ...RUN, after: 'C' });
    expect(store()).toMatchObject({ spot: null, progress: null, before: 'A', after: 'C' });
  });

  it('keeps a linked comparison until its area is searched, and leaves the same run shown as it is', () => {
    store().changesLinked({ before: 'A', after: 'B' });
    expect(store()).toMatchObject({ run: null, linked: { before: 'A', after: 'B' }, before: 'A', after: 'B' });
    store().findChangesAsked(RUN);
    expect(store().linked).toBeNull();
    store().spotChosen(2);
    // Back to an entry of the same comparison: the run, and the spot shown, stay.
    store().changesLinked({ before: 'A', after: 'B' });
    expect(store()).toMatchObject({ run: RUN, spot: 2 });
    store().changesLinked(null);
    expect(store()).toMatchObject({ run: null, linked: null, spot: null });
  });
});
