import { useEffect, useMemo, useRef } from 'react';
import type { Connection } from '../../api/connection.ts';
import type { LinkedMap } from '../../map/linked-map.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { parseSide } from '../../catalog/compared-imagery.ts';
import { useCompare } from '../../state/compare-store.ts';
import { compareImagery, compareRaster, compareRasters, type CompareSpec } from './compare-imagery.ts';
import { sideImagery } from './side-imagery.ts';
import { useKnownSurvey } from './use-known-survey.ts';

/**
 * Shows the two compared surveys on the map: both on it while fading; while swiping, A on it and B on a second map over
 * it, clipped to the right of the divider (made when swiping starts, removed when fading or done).
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
  const spec = useMemo<CompareSpec | null>(
    () =>
      active && a && b
        ? { a: sideImagery(connection, a, boundsA), b: sideImagery(connection, b, boundsB), mode, swipe, fade }
        : null,
    [connection, active, a, b, boundsA, boundsB, mode, swipe, fade],
  );
  const slots = useMemo(
    () => ({
      a: surveyMap.imagery(compareImagery(connection, 'a')),
      b: surveyMap.imagery(compareImagery(connection, 'b')),
    }),
    [surveyMap, connection],
  );
  const over = useRef<LinkedMap | null>(null);

  useEffect(() => {
    const rasters = spec && compareRasters(spec);
    slots.a.show(rasters?.a ?? null);
    slots.b.show(rasters?.b ?? null);
    if (spec?.mode !== 'swipe') {
      over.current?.destroy();
      over.current = null;
      return;
    }
    over.current ??= surveyMap.addMap({ over: true });
    over.current.imagery(compareImagery(connection, 'b')).show(compareRaster(spec.b, 1, true));
    over.current.clip(spec.swipe);
  }, [surveyMap, connection, slots, spec]);

  useEffect(
    () => () => {
      slots.a.show(null);
      slots.b.show(null);
      over.current?.destroy();
      over.current = null;
    },
    [slots],
  );
  return null;
}
