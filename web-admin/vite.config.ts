import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the platform at /admin (services/platform/src/web); `npm run dev` proxies the API to it.
export default defineConfig({
  plugins: [react()],
  base: '/admin/',
  resolve: {
    // The API's wire shapes (libs/contracts, see tsconfig.json "paths"); imported with `import type`.
    alias: { '@app/contracts': fileURLToPath(new URL('../libs/contracts/src', import.meta.url)) },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: {
    proxy: {
      '/swx': 'http://localhost:3000',
    },
  },
});
