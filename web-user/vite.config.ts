import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the platform at / (services/platform/src/web); `npm run dev` proxies the API to it.
export default defineConfig({
  plugins: [react()],
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: {
    proxy: {
      '/swx': 'http://localhost:3000',
      '/assets/logos': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
});
