interface Dated {
  id: string;
  captureStart: string;
}

/** Oldest first; same start by id, so the order is stable. */
export function inTimeOrder<T extends Dated>(surveys: readonly T[]): T[] {
  return [...surveys].sort(
    (a, b) => Date.parse(a.captureStart) - Date.parse(b.captureStart) || a.id.localeCompare(b.id),
  );
}

export type Step = 'previous' | 'next' | 'first' | 'last';

/**
 * The survey a key leads to from `currentId` in time-ordered surveys. From none (or one not
 * shown), "next" starts at the oldest and "previous" at the newest; the ends stay put.
 */
export function stepSurvey(ordered: readonly Dated[], currentId: string | null, step: Step): string | null {
  if (ordered.length === 0) return null;
  const at = currentId === null ? -1 : ordered.findIndex((c) => c.id === currentId);
  const last = ordered.length - 1;
  const index = {
    first: 0,
    last,
    next: at === -1 ? 0 : Math.min(last, at + 1),
    previous: at === -1 ? last : Math.max(0, at - 1),
  }[step];
  return ordered[index].id;
}
