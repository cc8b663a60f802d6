import { useEffect, useMemo } from 'react';
import { annotationPersistence } from './annotation-persistence.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { useAnnotations } from './annotations-store.ts';
import { ANNOTATIONS_OVERLAY, ANNOTATIONS_SOURCE } from './annotation-layer.ts';

/** Puts the annotations on the map, and keeps them in the browser's storage (read once the map is first drawn). */
export function AnnotationsSync({ surveyMap }: { surveyMap: SurveyMap }) {
  const annotations = useAnnotations((s) => s.annotations);
  useEffect(() => void annotationPersistence(), []);
  const overlay = useMemo(() => surveyMap.overlay(ANNOTATIONS_OVERLAY), [surveyMap]);
  useEffect(
    () =>
      overlay.setData(ANNOTATIONS_SOURCE, {
        type: 'FeatureCollection',
        features: annotations.map(({ id, title, geometry }) => ({
          type: 'Feature',
          geometry,
          properties: { id, title },
        })),
      }),
    [overlay, annotations],
  );
  return null;
}
