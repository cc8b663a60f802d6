import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const service = process.env.VITE_SERVICE_PROXY ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', sourcemap: true },
  server: {
    headers: { 'Referrer-Policy': 'no-referrer' },
    proxy: {
      '/tile': service,
      '/oauth': service,
      '/config.json': service,
    },
  },
});
