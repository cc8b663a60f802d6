import { useEffect, useRef, useState } from 'react';
import { Debouncer } from './debouncer.ts';

/** The value once it has stayed the same for `ms` (the first change at once); see `Debouncer`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  const [debouncer] = useState(() => new Debouncer<T>(ms, setDebounced));
  const seen = useRef(value);
  useEffect(() => {
    if (Object.is(seen.current, value)) return;
    seen.current = value;
    debouncer.changed(value);
  }, [debouncer, value]);
  useEffect(() => () => debouncer.dispose(), [debouncer]);
  return debounced;
}
