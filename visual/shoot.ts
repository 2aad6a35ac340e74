/**
 * What every visual test shares (screenshot-stories.tsx for the design system,
 * screenshot-feature-stories.tsx for the curated feature stories): the two viewports, the two
 * themes, the CSS that freezes what moves, the wait before a shot and the comparison with the
 * baseline in visual/__screenshots__/<viewport>/<theme>/<story-id>.png.
 */
import { expect } from 'vitest';
import { page } from 'vitest/browser';

import { browserChangeNote, runningChromium } from '../scripts/visual-baseline';
import baseline from './__screenshots__/chromium.json';

export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;

export type Viewport = keyof typeof VIEWPORTS;

export const THEMES = ['light', 'dark'] as const;

export type Theme = (typeof THEMES)[number];

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

/** Adds the freezing CSS to the document and sizes the page (a `beforeAll`). */
export async function prepareDocument(viewport: Viewport) {
  const style = document.createElement('style');
  style.textContent = FREEZE_CSS;
  document.head.appendChild(style);
  await page.viewport(VIEWPORTS[viewport].width, VIEWPORTS[viewport].height);
}

export const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

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
export async function settle(storyId: string) {
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

/**
 * Compares `target` with the baseline `<viewport>/<theme>/<storyId>`; a failure on another
 * Chromium major version than the baselines' says so.
 */
export async function compareShot(target: Element, name: string) {
  try {
    await expect.element(page.elementLocator(target)).toMatchScreenshot(name);
  } catch (error) {
    const note = browserChangeNote(baseline.chromium, await runningChromium());
    if (note && error instanceof Error) error.message += `\n\n${note}`;
    throw error;
  }
}
