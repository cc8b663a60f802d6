import { useLayoutEffect, useRef, useState } from 'react';
import { resolvedTheme, useSystemDark } from '../ui/use-theme.ts';
import { useTheme } from '../state/theme-store.ts';
import { offlineBasemapStyle } from './basemap-style.ts';
import type { AreaDrawingOptions } from './area-drawing.ts';
import type { MapView as CameraView } from './map-camera.ts';
import { type ShownMaps, SurveyMap } from './survey-map.ts';

declare global {
  interface Window {
    /** Set only with ?e2e in the page URL, for end-to-end tests. */
    __surveyViewer?: {
      map: ShownMaps['main'];
      /** The map over the page's map (a swipe's right-hand side), while there is one. */
      compareMap?: () => ShownMaps['over'];
      syncedMaps?: () => ShownMaps['beside'];
    };
  }
}

interface MapViewProps {
  /** A MapLibre style URL that replaces the offline basemap (which then follows no theme). */
  basemapStyleUrl: string | null;
  /** Read once, when the map is made. */
  initialView: CameraView | null;
  onReady(map: SurveyMap | null): void;
  /** Read once, when the map is made. */
  areaDrawing: AreaDrawingOptions;
}

const offlineBasemap = (theme: 'light' | 'dark') =>
  offlineBasemapStyle(new URL(import.meta.env.BASE_URL, location.href).href, theme);

/**
 * Creates the map once per mount (StrictMode mounts twice: the first map is removed again), before
 * the first paint, so that its setup starts with the page. The offline basemap follows the theme.
 */
export function MapView({ basemapStyleUrl, initialView, onReady, areaDrawing }: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const onReadyRef = useRef(onReady);
  const initialViewRef = useRef(initialView);
  const areaDrawingRef = useRef(areaDrawing);
  const theme = resolvedTheme(
    useTheme((s) => s.choice),
    useSystemDark(),
  );
  const themeRef = useRef(theme);
  themeRef.current = theme;
  const [surveyMap, setSurveyMap] = useState<SurveyMap | null>(null);

  useLayoutEffect(() => {
    const style = basemapStyleUrl ?? offlineBasemap(themeRef.current);
    const made = new SurveyMap(container.current!, {
      style,
      view: initialViewRef.current,
      areaDrawing: areaDrawingRef.current,
    });
    if (new URLSearchParams(location.search).has('e2e'))
      window.__surveyViewer = {
        map: made.maps().main,
        compareMap: () => made.maps().over,
        syncedMaps: () => made.maps().beside,
      };
    setSurveyMap(made);
    onReadyRef.current(made);
    return () => {
      onReadyRef.current(null);
      // Assigned, not deleted: the benchmarks' probe watches the property through a setter (bench/pages/probe.js).
      if (window.__surveyViewer?.map === made.maps().main) window.__surveyViewer = undefined;
      made.destroy();
    };
  }, [basemapStyleUrl]);

  useLayoutEffect(() => {
    if (surveyMap && !basemapStyleUrl) surveyMap.setBasemap(offlineBasemap(theme));
  }, [surveyMap, basemapStyleUrl, theme]);

  return <div ref={container} className="map" role="region" aria-label="Survey map" />;
}
