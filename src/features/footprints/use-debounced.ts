import { useEffect, useRef, useState } from 'react';
import { Settler } from './settler.ts';

/** The value once it has stayed the same for `ms`; see `Settler`. */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const [settler] = useState(() => new Settler<T>(ms, setSettled));
  const seen = useRef(value);
  useEffect(() => {
    if (Object.is(seen.current, value)) return;
    seen.current = value;
    settler.changed(value);
  }, [settler, value]);
  useEffect(() => () => settler.dispose(), [settler]);
  return settled;
}
