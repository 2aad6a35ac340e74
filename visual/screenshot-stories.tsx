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
import { browserChangeNote, runningChromium } from '../scripts/visual-baseline';
import baseline from './__screenshots__/chromium.json';

type StoryModule = Parameters<typeof composeStories>[0];

// The UI stories never call the API: leave MSW's worker (the preview's loader) out.
setProjectAnnotations([{ ...preview, loaders: [] }]);

const modules = import.meta.glob<StoryModule>('../stories/ui/*.stories.tsx', { eager: true });

/**
 * Freeze what moves, as Chromatic and Playwright's `animations: 'disabled'` do: no CSS
 * animation or transition (a shot never lands half-way through a colour change), no caret, no
 * smooth scrolling, no scrollbars.
 */
const FREEZE_CSS = `
*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
  scroll-behavior: auto !important;
}
html { scrollbar-width: none; scroll-behavior: auto !important; }
body { margin: 0; min-height: 100vh; }
`;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * After the story's `play`, wait until nothing can still change: fonts loaded, every Web
 * Animation (including ones a script started) at its end, and two frames painted so the last
 * state change is on screen.
 *
 * Hover and focus: the stories' `userEvent` sends synthetic events, so no real pointer ever
 * rests on the page and `:hover` never applies; a control focused by a story keeps its focus.
 * What each Chromium paints differently is the browser's own focus ring (`outline-style:
 * auto`), so a shot may not end on a control drawn with it: such a control takes the design
 * system's `focusRing`, whose solid outline in a theme colour is the same in every version.
 */
async function settle(storyId: string) {
  await document.fonts.ready;
  for (const animation of document.getAnimations()) {
    try {
      animation.finish();
    } catch {
      animation.cancel(); // an endless animation has no end to jump to
    }
  }
  await nextFrame();
  await nextFrame();
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && focused.matches(':focus-visible')) {
    if (getComputedStyle(focused).outlineStyle === 'auto') {
      throw new Error(
        `${storyId} ends with focus on <${focused.tagName.toLowerCase()}> drawn with the ` +
          "browser's own focus ring (outline-style: auto), which each Chromium version paints " +
          "differently. Give the control the design system's focusRing " +
          '(src/components/ui/button.tsx), or end the play with focus elsewhere.',
      );
    }
  }
}

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
            await settle(Story.id);
            const fullPage = Boolean(
              (Story.parameters.visual as { fullPage?: boolean } | undefined)?.fullPage,
            );
            const target = fullPage ? document.body : canvas;
            try {
              await expect
                .element(page.elementLocator(target))
                .toMatchScreenshot(`${viewport}/${theme}/${Story.id}`);
            } catch (error) {
              const note = browserChangeNote(baseline.chromium, await runningChromium());
              if (note && error instanceof Error) error.message += `\n\n${note}`;
              throw error;
            }
          });
        }
      }
    });
  }
}
