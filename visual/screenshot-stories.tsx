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
 * The curated feature stories are shot by screenshot-feature-stories.tsx.
 */
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, test } from 'vitest';

import preview from '../.storybook/preview';
import { compareShot, prepareDocument, settle, THEMES, type Viewport } from './shoot';

type StoryModule = Parameters<typeof composeStories>[0];

// The UI stories never call the API: leave MSW's worker (the preview's loader) out.
setProjectAnnotations([{ ...preview, loaders: [] }]);

const modules = import.meta.glob<StoryModule>('../stories/ui/*.stories.tsx', { eager: true });

export function screenshotStories(viewport: Viewport) {
  let canvas: HTMLDivElement | undefined;

  beforeAll(async () => {
    await prepareDocument(viewport);
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
            await settle(Story.id);
            const fullPage = Boolean(
              (Story.parameters.visual as { fullPage?: boolean } | undefined)?.fullPage,
            );
            await compareShot(
              fullPage ? document.body : canvas,
              `${viewport}/${theme}/${Story.id}`,
            );
          });
        }
      }
    });
  }
}
