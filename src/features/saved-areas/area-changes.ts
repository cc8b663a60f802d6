import type { SurveySnapshot } from './saved-areas-store.ts';

interface SurveyVersion {
  id: string;
  lastUpdated: string | null;
}

/** What changed over a saved area since its snapshot: surveys that appeared, and surveys whose last_updated moved. */
export interface AreaChanges {
  added: string[];
  updated: string[];
}

export const NO_CHANGES: AreaChanges = { added: [], updated: [] };

export function snapshotOf(surveys: readonly SurveyVersion[]): SurveySnapshot {
  return Object.fromEntries(surveys.map((s) => [s.id, s.lastUpdated]));
}

/** Surveys gone from the area are not news; a survey whose last_updated the service stopped sending is not either. */
export function changesSince(snapshot: SurveySnapshot, surveys: readonly SurveyVersion[]): AreaChanges {
  const added: string[] = [];
  const updated: string[] = [];
  for (const { id, lastUpdated } of surveys) {
    if (!Object.hasOwn(snapshot, id)) added.push(id);
    else if (lastUpdated !== null && lastUpdated !== snapshot[id]) updated.push(id);
  }
  return { added, updated };
}

export const hasChanges = (changes: AreaChanges): boolean => changes.added.length > 0 || changes.updated.length > 0;

/** The badge: "2 new · 1 updated", "1 new", "3 updated"; null when nothing changed. */
export function changesBadge({ added, updated }: AreaChanges): string | null {
  const parts = [added.length > 0 && `${added.length} new`, updated.length > 0 && `${updated.length} updated`].filter(
    Boolean,
  );
  return parts.length > 0 ? parts.join(' · ') : null;
}

const counted = (count: number, kind: string) => `${count} ${kind} survey${count === 1 ? '' : 's'}`;

/** The same in words for a screen reader or a tooltip: "1 new survey and 1 updated survey since you last opened it". */
export function changesSentence({ added, updated }: AreaChanges): string | null {
  const parts = [
    added.length > 0 && counted(added.length, 'new'),
    updated.length > 0 && counted(updated.length, 'updated'),
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join(' and ')} since you last opened it` : null;
}
