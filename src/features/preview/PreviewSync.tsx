import { useEffect, useMemo, useRef } from 'react';
import type { Connection } from '../../api/connection.ts';
import { tileUrlTemplate } from '../../api/tiles.ts';
import { IMAGERY_MIN_MAP_ZOOM } from '../../map/imagery-source.ts';
import type { MapView } from '../../map/map-camera.ts';
import type { SurveyMap } from '../../map/survey-map.ts';
import { compareStore, useCompare } from '../../state/compare-store.ts';
import { selectionStore } from '../../state/selection-store.ts';
import { useUi } from '../../state/ui-store.ts';
import { drawsImagery, imageryCentre } from './focus-point.ts';
import { previewImagery, previewRaster } from './preview-imagery.ts';
import { useSelectedSurvey } from './use-selected-survey.ts';

const movedSince = (before: MapView, now: MapView) =>
  Math.abs(before.zoom - now.zoom) > 0.01 ||
  Math.abs(before.center[0] - now.center[0]) > 1e-7 ||
  Math.abs(before.center[1] - now.center[1]) > 1e-7;

/**
 * Shows the selected survey's imagery (hidden, its tiles kept, while two surveys are compared), and frames it when the
 * map does not draw it: the whole footprint where it fits at a zoom that draws imagery, else its centre at the lowest
 * such zoom (a shared link or history entry keeps its own view, and so does a comparison).
 */
export function PreviewSync({ connection, surveyMap }: { connection: Connection; surveyMap: SurveyMap }) {
  const { survey, footprint } = useSelectedSurvey(connection);
  const opacity = useUi((s) => s.previewOpacity);
  const visible = useUi((s) => s.previewVisible);

  const comparing = useCompare((s) => s.active && s.a !== null && s.b !== null);
  const slot = useMemo(() => surveyMap.imagery(previewImagery(connection)), [surveyMap, connection]);

  const surveyId = survey?.id ?? null;
  const bounds = footprint?.bbox ?? null;
  useEffect(() => {
    const spec = surveyId && bounds && { surveyId, tiles: tileUrlTemplate(connection, surveyId), bounds, opacity };
    slot.show(spec ? previewRaster(spec, visible && !comparing) : null);
  }, [slot, connection, surveyId, bounds, opacity, visible, comparing]);

  useEffect(() => () => slot.show(null), [slot]);

  const focusedOn = useRef<string | null>(null);
  // The camera when the survey was picked: a footprint that arrives after the user has moved the map (e.g. with
  // "Zoom to imagery", on a slow connection) leaves their view alone.
  const pickedWith = useRef<MapView | null>(null);
  useEffect(() => {
    pickedWith.current = surveyId ? surveyMap.camera.getView() : null;
  }, [surveyMap, surveyId]);
  const geometry = footprint?.geometry ?? null;
  useEffect(() => {
    if (!surveyId) focusedOn.current = null;
    if (!surveyId || !geometry || !bounds || focusedOn.current === surveyId) return;
    focusedOn.current = surveyId;
    // An area search's result is framed with its part of the area (by the area search).
    const { selectedFrom } = selectionStore.getState();
    if (selectedFrom === 'link' || selectedFrom === 'area' || compareStore.getState().active) return;
    if (pickedWith.current && movedSince(pickedWith.current, surveyMap.camera.getView())) return;
    if (!drawsImagery(geometry, surveyMap.camera.getView()))
      surveyMap.camera.frame(bounds, imageryCentre(geometry), IMAGERY_MIN_MAP_ZOOM);
  }, [surveyMap, surveyId, geometry, bounds]);

  return null;
}
