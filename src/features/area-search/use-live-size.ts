import { useEffect, useState } from 'react';
import { cleanCoords } from '@turf/turf';
import type { AreaGeometry } from '../../area/area-geometry.ts';
import { findAreaProblem } from '../../../core/geo/simple-area.ts';
import { areaKm2 } from '../../area/checked-area.ts';
import type { SurveyMap } from '../../map/survey-map.ts';

export interface LiveShape {
  km2: number;
  /** Whether the outline drawn so far crosses itself (it would be refused when finished). */
  crosses: boolean;
}

function crosses(shape: AreaGeometry): boolean {
  try {
    // Positions repeated while a corner is being placed are not crossings.
    return findAreaProblem(cleanCoords(shape) as AreaGeometry) !== null;
  } catch {
    return false;
  }
}

/**
 * Size of the shape while it is being drawn or edited, and whether its outline crosses itself, straight from the
 * map's events (at most once a frame): a read-out only (the area itself changes when a drawing is finished). null when
 * nothing is being drawn.
 */
export function useLiveSize(surveyMap: SurveyMap | null): LiveShape | null {
  const [live, setLive] = useState<LiveShape | null>(null);
  useEffect(() => {
    if (!surveyMap) return;
    let frame = 0;
    let latest: AreaGeometry | null = null;
    const measure = () => {
      frame = 0;
      if (latest) setLive({ km2: areaKm2(latest), crosses: crosses(latest) });
    };
    const clear = () => {
      latest = null;
      cancelAnimationFrame(frame);
      frame = 0;
      setLive(null);
    };
    const offs = [
      surveyMap.on('areaChanging', (shape) => {
        latest = shape;
        if (!frame) frame = requestAnimationFrame(measure);
      }),
      surveyMap.on('areaToolChanged', clear),
      surveyMap.on('areaFinished', clear),
    ];
    return () => {
      cancelAnimationFrame(frame);
      for (const off of offs) off();
    };
  }, [surveyMap]);
  return live;
}

/** What the read-out says about a crossing outline while it is drawn. */
export const crossingWarning =
  'The outline crosses itself: it would be refused. ' +
  'Move the corner back so that no edges cross, or press Esc to start again.';
