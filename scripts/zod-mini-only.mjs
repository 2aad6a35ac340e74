/**
 * The browser's zod is zod/mini (issue 27; ADR 0064): the contract imports `z` from
 * contract/zod.ts, and a client build that reaches zod's classic API (23 KiB gzip on every app
 * page, twice what mini costs) fails, naming the file. The server, tests and the dev server
 * (Node, or no `vite build`) may use either.
 */

/** zod's classic API as Vite resolves it: zod/v4/classic/… (the package's `zod` entry). */
export const CLASSIC = /node_modules[\\/]zod[\\/](v4[\\/])?classic[\\/]/;

/**
 * Why a module may not be in the browser build, or null when it may.
 * @param {string} id
 * @param {readonly string[]} importers
 * @returns {string | null}
 */
export function classicZodError(id, importers) {
  if (!CLASSIC.test(id)) return null;
  const from = importers.filter((file) => !CLASSIC.test(file));
  return (
    `zod's classic API reached the browser build${from.length ? ` from ${from.join(', ')}` : ''}: ` +
    "import { z } from '@contract/zod' (zod/mini) instead of 'zod' (ADR 0064)."
  );
}

/**
 * The Vite plugin: client builds only (not dev, Storybook's dev server, tests or the SSR
 * prerender).
 * @returns {import('vite').Plugin}
 */
export function zodMiniOnly() {
  return {
    name: 'paybills:zod-mini-only',
    apply: 'build',
    moduleParsed(info) {
      if (this.environment && this.environment.name !== 'client') return;
      const error = classicZodError(info.id, info.importers);
      if (error) this.error(error);
    },
  };
}
