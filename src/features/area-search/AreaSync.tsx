import { useEffect, useRef } from 'react';
import { extentOf } from '../../../core/geo/geometry.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { areaSearchStore, useAreaSearch } from './area-search-store.ts';
import { acceptArea } from './accept-area.ts';

/**
 * Keeps the map's area and the store in step: finished drawings and edits become the area (or are
 * refused, and the previous area comes back), the store's area is what the map shows, and a stored
 * area is restored after a reload.
 */
export function AreaSync({ surveyMap }: { surveyMap: SurveyMap }) {
  const area = useAreaSearch((s) => s.area);
  const revision = useAreaSearch((s) => s.areaRevision);
  const pendingRestore = useAreaSearch((s) => s.pendingRestore);
  const pendingOrigin = useAreaSearch((s) => s.pendingOrigin);
  const pendingKeepsView = useAreaSearch((s) => s.pendingKeepsView);
  /** An area shown where the map already is (from a link or history entry): it is not fitted. */
  const keepsView = useRef<unknown>(null);

  useEffect(() => {
    const store = areaSearchStore.getState;
    const offs = [
      surveyMap.on('areaFinished', (geometry) =>
        acceptArea(geometry, surveyMap.drawing.getTool() === 'select' ? 'edited' : 'drawn'),
      ),
      surveyMap.on('areaDeleted', () => store().areaDeleted()),
      surveyMap.on('areaToolChanged', (tool) => store().toolChanged(tool)),
    ];
    return () => {
      for (const off of offs) off();
      surveyMap.drawing.startTool('static');
    };
  }, [surveyMap]);

  useEffect(() => {
    if (!pendingRestore) return;
    const outcome = acceptArea(pendingRestore, pendingOrigin);
    if (outcome.ok && pendingKeepsView) keepsView.current = outcome.area;
  }, [pendingRestore, pendingOrigin, pendingKeepsView]);

  // `revision` also changes when a drawing was refused: the map then shows the previous area again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` is the trigger, not an input
  useEffect(() => surveyMap.drawing.setArea(area?.geometry ?? null), [surveyMap, area, revision]);

  // A pasted, imported or restored area may be anywhere: bring it into view. A drawn one already is.
  useEffect(() => {
    if (area === keepsView.current) return;
    if (area && (area.origin === 'pasted' || area.origin === 'imported' || area.origin === 'restored')) {
      surveyMap.camera.fitBounds(extentOf(area.geometry));
    }
  }, [surveyMap, area]);

  return null;
}
