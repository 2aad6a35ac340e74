/**
 * Visual regression for the curated feature stories (feature-stories.ts): each is composed with
 * the whole Storybook preview, MSW loader included (the feature screens call the API), run with
 * its `play`, and compared with its baseline:
 *
 *   visual/__screenshots__/<phone|desktop>/<theme>/<story-id>.png
 *
 * What differs from the design-system pass (screenshot-stories.tsx):
 * - The mock clock (mocks/clock.ts) is frozen at SEED_NOW, so whatever a handler stamps with
 *   "now" (a card funding credited, a refund, an audit line) is the same instant on every run.
 *   The seed's own dates are fixed instants already.
 * - After the play the harness waits until the story's requests are answered and the page has
 *   not changed for QUIET_MS (a refresh, a revalidation, a late list), then settles as the UI
 *   pass does. A story that never goes quiet fails instead of being shot mid-change.
 * - Light theme only (FEATURE_THEMES): the dark pass of the design-system stories already
 *   checks the dark colours of every component these screens are made of, and each feature
 *   shot costs about 2 s (its mocks and play), so a dark pass would add about 35 s per worker.
 */
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterAll, afterEach, beforeAll, describe, test } from 'vitest';

import preview from '../.storybook/preview';
import { freezeClock, SEED_NOW } from '../mocks/index';
import { FEATURE_SHOTS } from './feature-stories';
import {
  compareShot,
  nextFrame,
  prepareDocument,
  settle,
  type Theme,
  type Viewport,
} from './shoot';

setProjectAnnotations([preview]);

/** The themes the feature stories are shot in (add 'dark' here, then rewrite the baselines). */
const FEATURE_THEMES: readonly Theme[] = ['light'];

/** How long the page must stay unchanged, with no request unanswered, before the shot. */
const QUIET_MS = 300;
/** A story still changing after this long fails. */
const SETTLE_LIMIT_MS = 10_000;

/** The current story's requests still unanswered. */
let inFlight = new Set<Promise<unknown>>();
/** When the current story's DOM last changed. */
let lastChange = 0;

async function untilQuiet(storyId: string) {
  const limit = performance.now() + SETTLE_LIMIT_MS;
  while (inFlight.size > 0 || performance.now() - lastChange < QUIET_MS) {
    if (performance.now() > limit) {
      throw new Error(
        `${storyId} was still changing ${SETTLE_LIMIT_MS / 1000} s after its play ` +
          `(${inFlight.size} request(s) unanswered): a story that never settles cannot be shot.`,
      );
    }
    await nextFrame();
  }
}

export function screenshotFeatureStories(viewport: Viewport) {
  let canvas: HTMLDivElement | undefined;

  beforeAll(async () => {
    freezeClock(SEED_NOW);
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
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    await prepareDocument(viewport);
  });

  afterAll(() => {
    freezeClock(null);
  });

  afterEach(() => {
    canvas?.remove();
    canvas = undefined;
  });

  for (const { module, stories } of FEATURE_SHOTS) {
    const composed = composeStories(module) as Record<
      string,
      ReturnType<typeof composeStories>[string]
    >;
    const title = (module.default as { title?: string }).title ?? '';
    describe(title, () => {
      for (const [name, options] of Object.entries(stories)) {
        const Story = composed[name];
        if (!Story) throw new Error(`${title} has no story ${name} (visual/feature-stories.ts)`);
        if (options.only && options.only !== viewport) continue;
        for (const theme of FEATURE_THEMES) {
          test(`${Story.storyName} (${theme})`, async () => {
            inFlight = new Set();
            lastChange = performance.now();
            canvas = document.createElement('div');
            document.body.appendChild(canvas);
            await Story.run({ canvasElement: canvas, globals: { ...Story.globals, theme } });
            await untilQuiet(Story.id);
            await settle(Story.id);
            await compareShot(
              options.fullPage ? document.body : canvas,
              `${viewport}/${theme}/${Story.id}`,
            );
          });
        }
      }
    });
  }
}
