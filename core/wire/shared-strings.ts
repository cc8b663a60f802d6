/**
 * One copy of each repeated string. A tile list names the same few captures, dates and resolutions on every item,
 * and each parsed (or structured-cloned) occurrence is its own string: ~0.3 KB an item, ~10 MB of strings on the page
 * for the 33,000 items behind a 9,314-tile export (heap snapshot), where the distinct values take a few KB.
 */
export function stringSharer(): <T extends string | null>(value: T) => T {
  const seen = new Map<string, string>();
  return <T extends string | null>(value: T): T => {
    if (value === null) return value;
    const known = seen.get(value);
    if (known !== undefined) return known as T;
    seen.set(value, value);
    return value;
  };
}
