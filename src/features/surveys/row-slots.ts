/**
 * Keys for the rows of a virtual list, by row index: a row keeps its slot while it stays in range, and a row scrolled
 * in takes the slot of one scrolled out, so that its element is updated rather than removed and built again. (Index
 * modulo the range's length does that only while the length stays the same; it changes by a row with the scroll
 * offset, and every key then changed.)
 */
export function rowSlots(before: ReadonlyMap<number, number>, indices: readonly number[]): Map<number, number> {
  const slots = new Map<number, number>();
  for (const index of indices) {
    const kept = before.get(index);
    if (kept !== undefined) slots.set(index, kept);
  }
  const free: number[] = [];
  let next = 0;
  for (const [index, slot] of before) {
    if (!slots.has(index)) free.push(slot);
    next = Math.max(next, slot + 1);
  }
  free.sort((a, b) => b - a);
  for (const index of indices) if (!slots.has(index)) slots.set(index, free.pop() ?? next++);
  return slots;
}
