/**
 * Visual regression: every story in stories/ui, composed with the Storybook preview, rendered
 * in Chromium (Vitest browser mode) and compared with a committed baseline image:
 *
 *   visual/__screenshots__/<phone|desktop>/<light|dark>/<story-id>.png
 *
 * Each story is shot once per theme at the viewport of the calling file (phone.visual.test.tsx,
 * desktop.visual.test.tsx: two files so the two workers share the load). "Dark" stories are
 * skipped: the dark pass already covers every story. The story's `play` runs first, so a story
 * that opens a dialog is shot open. Only the story's root element is shot, unless the story
 * sets `parameters.visual.fullPage` (dialogs, open selects, drawers, toasts: they render in a
 * portal or fixed to the viewport). Tolerance: see vitest.config.ts (`visual` project).
 */
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';

import preview from '../.storybook/preview';

type StoryModule = Parameters<typeof composeStories>[0];

// The UI stories never call the API: leave MSW's worker (the preview's loader) out.
setProjectAnnotations([{ ...preview, loaders: [] }]);

const modules = import.meta.glob<StoryModule>('../stories/ui/*.stories.tsx', { eager: true });

/** Freeze what moves (spinners, pulses, caret) so two shots of the same story are identical. */
const FREEZE_CSS = `
*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
}
html { scrollbar-width: none; }
body { margin: 0; min-height: 100vh; }
`;

export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;

const THEMES = ['light', 'dark'] as const;

export function screenshotStories(viewport: keyof typeof VIEWPORTS) {
  let canvas: HTMLDivElement | undefined;

  beforeAll(async () => {
    const style = document.createElement('style');
    style.textContent = FREEZE_CSS;
    document.head.appendChild(style);
    await page.viewport(VIEWPORTS[viewport].width, VIEWPORTS[viewport].height);
  });

  afterEach(() => {
    canvas?.remove();
    canvas = undefined;
  });

  for (const [path, module] of Object.entries(modules)) {
    const stories = Object.values(composeStories(module));
    describe(path.replace('../stories/ui/', ''), () => {
      for (const Story of stories) {
        if (Story.storyName === 'Dark') continue;
        for (const theme of THEMES) {
          test(`${Story.storyName} (${theme})`, async () => {
            canvas = document.createElement('div');
            document.body.appendChild(canvas);
            await Story.run({ canvasElement: canvas, globals: { ...Story.globals, theme } });
            await document.fonts.ready;
            const fullPage = Boolean(
              (Story.parameters.visual as { fullPage?: boolean } | undefined)?.fullPage,
            );
            const target = fullPage ? document.body : canvas;
            await expect
              .element(page.elementLocator(target))
              .toMatchScreenshot(`${viewport}/${theme}/${Story.id}`);
          });
        }
      }
    });
  }
}
