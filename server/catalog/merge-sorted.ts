/**
 * Two lists each sorted by `order` (a total order), merged into one. Each item of the shorter list finds its place in
 * the longer by binary search, so that a few file surveys merged into a million synthetic ones cost a few thousand
 * comparisons, not a million.
 */
export function mergeSorted(a: Uint32Array, b: Uint32Array, order: (x: number, y: number) => number): Uint32Array {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const merged = new Uint32Array(a.length + b.length);
  let taken = 0;
  let at = 0;
  for (const item of short) {
    let lo = taken;
    let hi = long.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (order(long[mid], item) < 0) lo = mid + 1;
      else hi = mid;
    }
    merged.set(long.subarray(taken, lo), at);
    at += lo - taken;
    taken = lo;
    merged[at++] = item;
  }
  merged.set(long.subarray(taken), at);
  return merged;
}
