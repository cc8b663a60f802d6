import { useEffect, useState } from 'react';
import type { StoreApi } from 'zustand';
import { debounceStore } from './debouncer.ts';

/**
 * A store's value once it has stayed the same for `ms` (the first change at once); see `Debouncer`. The store is
 * watched outside React, so a value that changes every frame (the rows in view of a list scrolled fast) re-renders
 * nothing until it rests. `select` must be stable (e.g. declared at module level).
 */
export function useDebouncedStore<S, T>(store: StoreApi<S>, select: (state: S) => T, ms: number): T {
  const [debounced, setDebounced] = useState(() => select(store.getState()));
  useEffect(() => {
    // Any change between the first render and this effect.
    setDebounced(select(store.getState()));
    return debounceStore(store, select, ms, setDebounced);
  }, [store, select, ms]);
  return debounced;
}
