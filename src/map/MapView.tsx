import { useLayoutEffect, useRef } from 'react';
import { offlineBasemapStyle } from './basemap-style.ts';
import { SurveyMap, type MapView as CameraView } from './survey-map.ts';

declare global {
  interface Window {
    /** Set only with ?e2e in the page URL, for end-to-end tests. */
    __surveyViewer?: { map: SurveyMap['map']; compareMap?: () => ReturnType<SurveyMap['getCompareOverlayMap']> };
  }
}

interface MapViewProps {
  /** A MapLibre style URL that replaces the offline basemap. */
  basemapStyleUrl: string | null;
  /** Read once, when the map is made. */
  initialView: CameraView | null;
  onReady(map: SurveyMap | null): void;
}

/**
 * Creates the map once per mount (StrictMode mounts twice: the first map is removed again), before
 * the first paint, so that its setup starts with the page.
 */
export function MapView({ basemapStyleUrl, initialView, onReady }: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const onReadyRef = useRef(onReady);
  const initialViewRef = useRef(initialView);

  useLayoutEffect(() => {
    const style = basemapStyleUrl ?? offlineBasemapStyle(new URL(import.meta.env.BASE_URL, location.href).href);
    const surveyMap = new SurveyMap(container.current!, { style, view: initialViewRef.current });
    if (new URLSearchParams(location.search).has('e2e'))
      window.__surveyViewer = { map: surveyMap.map, compareMap: () => surveyMap.getCompareOverlayMap() };
    onReadyRef.current(surveyMap);
    return () => {
      onReadyRef.current(null);
      if (window.__surveyViewer?.map === surveyMap.map) delete window.__surveyViewer;
      surveyMap.destroy();
    };
  }, [basemapStyleUrl]);

  return <div ref={container} className="map" role="region" aria-label="Survey map" />;
}
