import { useLayoutEffect, useRef, useState } from 'react';
import { resolvedTheme, useSystemDark } from '../ui/use-theme.ts';
import { useTheme } from '../state/theme-store.ts';
import { offlineBasemapStyle } from './basemap-style.ts';
import type { AreaDrawToolsLoader } from './area-drawing.ts';
import { SurveyMap, type MapView as CameraView } from './survey-map.ts';

declare global {
  interface Window {
    /** Set only with ?e2e in the page URL, for end-to-end tests. */
    __surveyViewer?: {
      map: SurveyMap['map'];
      compareMap?: () => ReturnType<SurveyMap['getCompareOverlayMap']>;
      syncedMaps?: () => SurveyMap['map'][];
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
  areaDrawTools: AreaDrawToolsLoader;
}

const offlineBasemap = (theme: 'light' | 'dark') =>
  offlineBasemapStyle(new URL(import.meta.env.BASE_URL, location.href).href, theme);

/**
 * Creates the map once per mount (StrictMode mounts twice: the first map is removed again), before
 * the first paint, so that its setup starts with the page. The offline basemap follows the theme.
 */
export function MapView({ basemapStyleUrl, initialView, onReady, areaDrawTools }: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const onReadyRef = useRef(onReady);
  const initialViewRef = useRef(initialView);
  const areaDrawToolsRef = useRef(areaDrawTools);
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
      areaDrawTools: areaDrawToolsRef.current,
    });
    if (new URLSearchParams(location.search).has('e2e'))
      window.__surveyViewer = {
        map: made.map,
        compareMap: () => made.getCompareOverlayMap(),
        syncedMaps: () => made.getSyncedMaps(),
      };
    setSurveyMap(made);
    onReadyRef.current(made);
    return () => {
      onReadyRef.current(null);
      // Assigned, not deleted: the benchmarks' probe watches the property through a setter (bench/pages/probe.js).
      if (window.__surveyViewer?.map === made.map) window.__surveyViewer = undefined;
      made.destroy();
    };
  }, [basemapStyleUrl]);

  useLayoutEffect(() => {
    if (surveyMap && !basemapStyleUrl) surveyMap.setBasemap(offlineBasemap(theme));
  }, [surveyMap, basemapStyleUrl, theme]);

  return <div ref={container} className="map" role="region" aria-label="Survey map" />;
}
