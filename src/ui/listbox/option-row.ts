/** A listbox row's classes: its own block, and the states every list of surveys shows alike (option-row.css). */
export function optionRowClass(
  block: string,
  { selected, highlighted, active }: { selected: boolean; highlighted: boolean; active: boolean },
): string {
  return [block, 'option-row', selected && 'is-selected', highlighted && 'is-highlighted', active && 'is-active']
    .filter(Boolean)
    .join(' ');
}
