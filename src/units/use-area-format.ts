import { useCallback } from 'react';
import { useUnits } from '../state/units-store.ts';
import { formatArea } from './area-format.ts';

/** formatArea in the user's unit system. */
export function useAreaFormat(): (km2: number) => string {
  const system = useUnits((s) => s.system);
  return useCallback((km2: number) => formatArea(km2, system), [system]);
}
