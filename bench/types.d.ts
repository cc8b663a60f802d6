/** What bench/pages/probe.js exposes in the page (read by the page benchmarks through page.evaluate). */
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Loaf } from './lib/browser.ts';

declare global {
  interface Window {
    __bench?: {
      map?: MapLibreMap;
      ready: number | null;
      data: number | null;
      footprints?: number;
      camera?: { lng: number; lat: number; zoom: number };
      steps: Record<string, number>;
      loaf: Loaf[];
      longtasks: { start: number; duration: number }[];
      jump(camera: { center: [number, number]; zoom: number }): Promise<number>;
      fly(target: {
        center: [number, number];
        zoom: number;
        duration: number;
      }): Promise<{ frames: number[]; start: number; end: number }>;
      scroll(options: {
        step: number;
        total: number;
        timeoutMs: number;
      }): Promise<{ frames: number[]; maxRows: number; reached: number; done: boolean; start: number; end: number }>;
    };
  }
}
