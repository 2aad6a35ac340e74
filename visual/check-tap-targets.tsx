/**
 * The tap-target check over every story (WCAG 2.5.5): each story is composed with the
 * Storybook preview (MSW mocks included), rendered at 360 × 740 in a Chromium whose context has
 * a touch screen (`hasTouch`, so `pointer: coarse` applies as on a phone: see the `taps`
 * project in vitest.config.ts), and every drawn interactive element must be at least 44 × 44 px.
 *
 * Each story is checked as it first renders, with its data loaded: its `play` does not run (the
 * storybook project runs the plays; here they would cost minutes), so a state a story reaches
 * only by clicking is checked where another story renders it from its args.
 */
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { beforeAll, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';

import preview from '../.storybook/preview';
import { smallTapTargets } from './tap-targets';

export type StoryModule = Parameters<typeof composeStories>[0];

setProjectAnnotations([preview]);

const PHONE = { width: 360, height: 740 };

/** The current story's requests still unanswered. */
let inFlight = new Set<Promise<unknown>>();
/** When the current story's DOM last changed. */
let lastChange = 0;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * Waits until the story shows its data: no request unanswered and no DOM change for two
 * frames. A `slow` mock never answers (loading stories): once the DOM has not changed for
 * half a second the story is taken as it stands, its skeletons being what it shows.
 */
async function settle() {
  let quiet = 0;
  while (quiet < 2) {
    const before = lastChange;
    await nextFrame();
    const still = lastChange === before;
    if (still && performance.now() - lastChange > 500) break;
    quiet = still && inFlight.size === 0 ? quiet + 1 : 0;
  }
  await document.fonts.ready;
}

/** The module without its stories' `play`: each story as it first renders. */
function withoutPlay(module: StoryModule): StoryModule {
  return Object.fromEntries(
    Object.entries(module).map(([name, story]) =>
      name === 'default' || typeof story !== 'object' || story === null
        ? [name, story]
        : [name, { ...story, play: undefined }],
    ),
  ) as StoryModule;
}

/** One test per story of `modules` (an `import.meta.glob` of story files, eager). */
export function checkTapTargets(modules: Record<string, StoryModule>) {
  beforeAll(async () => {
    const fetch = window.fetch.bind(window);
    window.fetch = (...args) => {
      const mine = inFlight;
      const request = fetch(...args);
      mine.add(request);
      const done = () => mine.delete(request);
      request.then(done, done);
      return request;
    };
    new MutationObserver(() => {
      lastChange = performance.now();
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
    await page.viewport(PHONE.width, PHONE.height);
  });

  for (const [path, module] of Object.entries(modules)) {
    const stories = Object.values(composeStories(withoutPlay(module)));
    describe(path.replace('../stories/', ''), () => {
      for (const Story of stories) {
        test(Story.storyName, async () => {
          inFlight = new Set();
          lastChange = performance.now();
          await Story.run();
          await settle();
          const small = smallTapTargets(document.body).map(
            ({ what, width, height }) => `${what}: ${width} × ${height} px`,
          );
          expect(
            small,
            `Under 44 × 44 px at 360 px on a touch screen:\n${small.join('\n')}`,
          ).toEqual([]);
        });
      }
    });
  }
}
