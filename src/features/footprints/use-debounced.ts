import { useEffect, useRef, useState } from 'react';
import type { StoreApi } from 'zustand';
import { debounceStore, type StoreDebounce } from './debouncer.ts';

/**
 * A store's value once it has stayed the same for `ms` (the first change at once); see `Debouncer`. The store is
 * watched outside React, so a value that changes every frame (the rows in view of a list scrolled fast) re-renders
 * nothing until it rests; nor while `held`. `select` must be stable (e.g. declared at module level).
 */
export function useDebouncedStore<S, T>(store: StoreApi<S>, select: (state: S) => T, ms: number, held = false): T {
  const [debounced, setDebounced] = useState(() => select(store.getState()));
  const control = useRef<StoreDebounce | null>(null);
  const heldNow = useRef(held);
  heldNow.current = held;
  useEffect(() => {
    // Any change between the first render and this effect.
    setDebounced(select(store.getState()));
    const debounce = debounceStore(store, select, ms, setDebounced);
    debounce.hold(heldNow.current);
    control.current = debounce;
    return () => {
      control.current = null;
      debounce.stop();
    };
  }, [store, select, ms]);
  useEffect(() => control.current?.hold(held), [held]);
  return debounced;
}
