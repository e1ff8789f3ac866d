import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** A module of one of these packages (node_modules/<name>/...). */
const packages = (...names: string[]) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${names.map((n) => n.replace(/[.]/g, '\\.')).join('|')})[\\\\/]`);

// Served by the platform at /admin (services/platform/src/web); `npm run dev` proxies the API to it.
export default defineConfig({
  plugins: [react()],
  base: '/admin/',
  resolve: {
    // The API's wire shapes (libs/contracts, see tsconfig.json "paths"); imported with `import type`.
    alias: { '@app/contracts': fileURLToPath(new URL('../libs/contracts/src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Vite's 500 kB less headroom: the largest chunk is vendor-react (react-dom and react-router),
    // about 313 kB (98 kB gzipped); the console loads about 0.90 MB (288 kB gzipped) at its sign-in.
    chunkSizeWarningLimit: 350,
    rolldownOptions: {
      output: {
        // The libraries in chunks of their own, which change only when the libraries do (a browser
        // keeps them across the console's releases). What the sign-in page needs of React, MUI and
        // react-admin is loaded at once; their parts used only by a screen come with that screen
        // (the screens and the languages but English are loaded when shown: App.tsx, i18nProvider).
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: packages('react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom', 'cookie'),
              priority: 40,
            },
            // The dashboard's charts (after React: a group takes the modules it needs along).
            { name: 'charts', test: packages('chart.js', '@kurkle', 'react-chartjs-2'), priority: 30 },
            {
              name: 'vendor-mui',
              test: packages('@mui', '@emotion', '@popperjs', 'react-transition-group', 'stylis', 'cssjanus'),
              tags: ['$initial'],
              priority: 20,
            },
            { name: 'vendor-admin', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/swx': 'http://localhost:3000',
    },
  },
});
