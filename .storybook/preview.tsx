import type { Decorator, Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter, type MemoryRouterProps } from 'react-router-dom';
import { configure } from 'storybook/test';
import { SWRConfig } from 'swr';
import { handlers, resetDb } from '../mocks/index';
import { swrConfig } from '../src/lib/swr';
import '../src/styles/globals.css';

type Theme = 'light' | 'dark';

declare module 'storybook/internal/csf' {
  interface Parameters {
    /**
     * Set to wrap the story in a MemoryRouter, e.g. `router: { initialEntries: ['/bills'] }`.
     * Stories without it render without a router.
     */
    router?: Pick<MemoryRouterProps, 'initialEntries' | 'initialIndex'>;
  }
}

function ThemeRoot({ theme, children }: { theme: Theme; children: ReactNode }) {
  useEffect(() => {
    // Portals (Radix dialogs, selects) render under <body>, so <html> needs the class too.
    document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
  return (
    <div className={theme === 'dark' ? 'dark' : undefined} data-theme={theme}>
      <div className="bg-bg p-4 text-fg">{children}</div>
    </div>
  );
}

const withTheme: Decorator = (Story, context) => {
  const theme: Theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  return (
    <ThemeRoot theme={theme}>
      <Story />
    </ThemeRoot>
  );
};

const withRouter: Decorator = (Story, context) => {
  const router = context.parameters.router;
  if (!router) return <Story />;
  return (
    <MemoryRouter {...router}>
      <Story />
    </MemoryRouter>
  );
};

/** A fresh SWR cache per story, so one story's answers never leak into the next. */
const withSWR: Decorator = (Story) => (
  <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
    <Story />
  </SWRConfig>
);

// A story's first render loads its screen's code: on a busy two-core machine that can take
// longer than Testing Library's 1 s default, so `findBy…` waits up to 5 s. A bound on waiting,
// not a timing assertion: a story that renders in time passes as soon as it does.
configure({ asyncUtilTimeout: 5000 });

const preview: Preview = {
  tags: ['autodocs'],
  // Every story starts from the seed data (mocks/fixtures), whatever the last one changed.
  beforeEach: () => {
    resetDb();
  },
  // One MSW worker for every story; per-story handlers go in `parameters.msw.handlers`.
  // Requests without a handler (fonts, Vite modules, story files) go to the network untouched.
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker(...handlers);
      await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
      return worker;
    }),
  ],
  // Order: the router sits inside the theme wrapper.
  decorators: [withSWR, withRouter, withTheme],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: {
    theme: 'light',
  },
  parameters: {
    layout: 'fullscreen',
    controls: {
      matchers: { color: /(background|color)$/i, date: /Date$/i },
    },
    viewport: {
      options: {
        phone: { name: 'Phone', styles: { width: '360px', height: '740px' }, type: 'mobile' },
        tablet: { name: 'Tablet', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        desktop: { name: 'Desktop', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
    // Axe violations fail the story's test (Vitest storybook project), not just the panel.
    a11y: { test: 'error' },
  },
};

export default preview;
