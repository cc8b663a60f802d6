import { unitsStore, useUnits, type UnitSystem } from '../state/units-store.ts';
import { UNIT_SYSTEM_LABELS } from './area-format.ts';

/** Metric or imperial, for every size the app writes; remembered on this device. */
export function UnitSystemSelect() {
  const system = useUnits((s) => s.system);
  return (
    <select
      className="field__input field__input--select unit-select"
      aria-label="Units"
      value={system}
      onChange={(e) => unitsStore.getState().unitSystemChosen(e.target.value as UnitSystem)}
    >
      {(Object.keys(UNIT_SYSTEM_LABELS) as UnitSystem[]).map((value) => (
        <option key={value} value={value}>
          {UNIT_SYSTEM_LABELS[value]}
        </option>
      ))}
    </select>
  );
}
