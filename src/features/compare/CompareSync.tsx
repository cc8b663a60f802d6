import { useEffect } from 'react';
import type { Connection } from '../../api/connection.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { parseSide } from '../../state/compared-imagery.ts';
import { useCompare } from '../../state/compare-store.ts';
import { sideImagery } from './side-imagery.ts';
import { useKnownSurvey } from './use-known-survey.ts';

/**
 * Shows the two compared surveys on the map. Tiles go through the preview's authorizer, and a 401
 * on either side renews the credential and reloads like the preview (PreviewSync listens).
 */
export function CompareSync({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const active = useCompare((s) => s.active);
  const a = useCompare((s) => (s.active ? s.a : null));
  const b = useCompare((s) => (s.active ? s.b : null));
  const mode = useCompare((s) => s.mode);
  const swipe = useCompare((s) => s.swipe);
  const fade = useCompare((s) => s.fade);
  const sideA = a ? parseSide(a) : null;
  const sideB = b ? parseSide(b) : null;
  const boundsA = useKnownSurvey(connection, sideA?.surveyId ?? null).footprint?.bbox ?? null;
  const boundsB = useKnownSurvey(connection, sideB?.surveyId ?? null).footprint?.bbox ?? null;

  useEffect(() => {
    if (!active || !a || !b) {
      surveyMap.showCompare(null);
      return;
    }
    const [imageryA, imageryB] = [sideImagery(connection, a, boundsA), sideImagery(connection, b, boundsB)];
    surveyMap.showCompare({ a: imageryA, b: imageryB, mode, swipe, fade });
  }, [surveyMap, connection, active, a, b, boundsA, boundsB, mode, swipe, fade]);

  useEffect(() => () => surveyMap.showCompare(null), [surveyMap]);
  return null;
}
