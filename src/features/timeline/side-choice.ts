import type { CompareSide } from '../../state/compare-store.ts';

interface Dated {
  id: string;
  captureStart: string;
}

/** What a timeline click does while two surveys are compared: the side it replaces, or why it replaces none. */
export type SideChoice = { side: CompareSide } | { unchanged: string };

/**
 * The compared side a survey belongs to: the one nearer to it in time (so that clicking through the strip
 * walks that side through time); the other side stays. A survey already compared, or one whose sides are not on the
 * strip to tell by, changes nothing, and the answer says why.
 */
export function compareSideFor(surveys: readonly Dated[], a: string, b: string, id: string): SideChoice {
  if (id === a) return { unchanged: `${id} is already side A.` };
  if (id === b) return { unchanged: `${id} is already side B.` };
  const time = (surveyId: string) => {
    const survey = surveys.find((c) => c.id === surveyId);
    return survey ? Date.parse(survey.captureStart) : null;
  };
  const [at, ta, tb] = [time(id), time(a), time(b)];
  if (at === null) return { unchanged: `${id} is not on the timeline.` };
  if (ta === null && tb === null)
    return {
      unchanged:
        `Neither compared survey is on this timeline, so it cannot tell which side ${id} belongs to: ` +
        'use Compare as A or Compare as B in the selected-survey panel.',
    };
  if (ta === null) return { side: 'a' };
  if (tb === null) return { side: 'b' };
  return { side: Math.abs(at - ta) <= Math.abs(at - tb) ? 'a' : 'b' };
}
