import type { StorybookConfig } from '@storybook/react-vite';

// Vite settings (React, Tailwind, the @/ @contract @mocks aliases) come from ../vite.config.ts,
// which the react-vite builder loads on its own.
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  // Serves public/mockServiceWorker.js, which msw-storybook-addon registers.
  staticDirs: ['../public'],
  // Storybook's own bundle (manager, docs blocks, axe) is big by nature and never ships to
  // customers: keep Vite's chunk-size warning for the app build only.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    build: { ...viteConfig.build, chunkSizeWarningLimit: 4096 },
  }),
  core: {
    // CI and these machines have no route to Storybook's telemetry host.
    disableTelemetry: true,
  },
};

export default config;
