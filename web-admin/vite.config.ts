import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the platform at /admin (services/platform/src/web); `npm run dev` proxies the API to it.
export default defineConfig({
  plugins: [react()],
  base: '/admin/',
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    proxy: {
      '/swx': 'http://localhost:3000',
    },
  },
});
