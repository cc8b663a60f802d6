import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { guidePages } from './scripts/guide-pages.ts';
import { PHONE_MEDIA } from './src/ui/phone-layout.ts';

/** The phone breakpoint is written once (src/ui/phone-layout.ts): stylesheets say `@media (--phone)`. */
const phoneMedia = {
  postcssPlugin: 'phone-media',
  AtRule: {
    media: (rule: { params: string }) => {
      rule.params = rule.params.replaceAll('(--phone)', PHONE_MEDIA);
    },
  },
};

const service = process.env.VITE_SERVICE_PROXY ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [react(), guidePages()],
  css: { postcss: { plugins: [phoneMedia] } },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // What the first screen needs as three chunks (with rolldown's small runtime, four files): left to itself,
        // rolldown makes every module that a lazy chunk shares its own chunk (34 requests before first paint, measured
        // slower to open in bench 1). MapLibre apart, so that it streams and compiles beside the app; the entry itself
        // apart, as Vite's manifest names it.
        codeSplitting: {
          groups: [
            { name: 'maplibre', test: /node_modules[\\/]maplibre-gl/, priority: 2 },
            { name: 'app', tags: ['$initial'], test: (id) => !/[\\/](index\.html|main\.tsx)$/.test(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    headers: { 'Referrer-Policy': 'no-referrer' },
    proxy: {
      '/tile': service,
      '/oauth': service,
      '/config.json': service,
    },
  },
});
