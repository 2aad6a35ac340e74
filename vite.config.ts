import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Alias } from 'vite';

import { clientModules, productionAliases, smallIcons } from './scripts/client-modules.mjs';
import { moduleSizes } from './scripts/module-sizes.mjs';
import { pureModules } from './scripts/pure-modules.mjs';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The repo's path aliases, mirrored in tsconfig.json `paths`. Storybook (react-vite) and
 * Vitest (vitest.config.ts) both load this file, so all three resolve them the same way.
 */
export const alias: Alias[] = [
  { find: /^@contract$/, replacement: fromRoot('./contract/index.ts') },
  { find: /^@contract\//, replacement: fromRoot('./contract/') },
  { find: /^@mocks\//, replacement: fromRoot('./mocks/') },
  { find: /^@\//, replacement: fromRoot('./src/') },
  // SWR's fallback for React < 18 (src/lib/use-sync-external-store.ts says why).
  {
    find: /^use-sync-external-store\/shim(\/index\.js)?$/,
    replacement: fromRoot('./src/lib/use-sync-external-store.ts'),
  },
];

export default defineConfig(({ command, mode }) => {
  // '' prefix: read API_PORT too, not only VITE_* (process.env wins over .env files).
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const mockApi = env.VITE_API_MODE === 'mock';
  const apiTarget = `http://127.0.0.1:${env.API_PORT || 3001}`;

  return {
    plugins: [
      react(),
      tailwindcss(),
      moduleSizes({ root: fromRoot('.') }),
      clientModules(),
      smallIcons(fromRoot('./src/components/ui/lucide-icon.ts')),
      pureModules(),
    ],
    // A build gets React Router's production files (ADR 0067); dev servers and tests keep its
    // development build, warnings and all.
    resolve: { alias: command === 'build' ? [...productionAliases(fromRoot), ...alias] : alias },
    server: {
      host: '127.0.0.1',
      port: 5173,
      // In mock mode MSW answers /api in the browser; otherwise the real server does.
      proxy: mockApi ? undefined : { '/api': { target: apiTarget, changeOrigin: false } },
    },
    preview: { host: '127.0.0.1', port: 4173 },
    build: {
      target: 'es2022',
      // dist/.vite/manifest.json: scripts/report-chunks.mjs reads it to size each route.
      manifest: true,
      // Every browser that runs the es2022 build preloads modules itself; the polyfill cost
      // every page 0.2 KiB.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // Every `lazy(() => import(...))` route is already its own chunk (Rolldown's default
          // code splitting); React and the router go to one long-cached vendor chunk so the
          // route chunks stay small.
          codeSplitting: {
            groups: [
              {
                name: 'react-vendor',
                test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
                priority: 10,
              },
            ],
          },
        },
      },
    },
  };
});
