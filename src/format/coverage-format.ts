/** Percent of an area: "100%" only when whole, "<1%" for a sliver. */
export function formatPercent(percent: number): string {
  if (percent >= 99.95) return '100%';
  if (percent > 0 && percent < 1) return '<1%';
  return `${Math.min(99, Math.round(percent))}%`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/**
 * "10,089", as the rest of the (English) interface writes its numbers; dates follow the user's locale. Grouped by hand:
 * the page's first Intl.NumberFormat costs ~20 ms (locale data), and the list's count is among the first things shown.
 */
export const formatCount = (count: number): string => String(Math.round(count)).replace(/\B(?=(\d{3})+$)/g, ',');
