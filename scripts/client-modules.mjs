/**
 * Which build of a package the browser gets:
 * - **zod**: zod/mini (ADR 0064). The contract imports `z` from contract/zod.ts; a client build
 *   that reaches zod's classic API (23 KiB gzip on every app page, twice what mini costs) fails,
 *   naming the file.
 * - **React Router**: its production build (ADR 0067). The package ships one in
 *   dist/production but its `exports` resolve every import to dist/development, warnings and
 *   all. `productionAliases` points a client build at the production files, and a build that
 *   still reaches a development file (through an import the aliases do not cover) fails:
 *   two copies would mean two sets of React contexts, and links that find no router.
 * - **lucide-react**: its icon modules, drawn by src/components/ui/lucide-icon.ts instead of the
 *   library's `createLucideIcon` (ADR 0067; that file says why). `smallIcons` resolves every
 *   import of lucide-react's createLucideIcon.mjs there, and a build that still reaches the
 *   library's own fails.
 * The server, tests and the dev servers (Node, or no `vite build`) are not affected.
 */

/** zod's classic API as Vite resolves it: zod/v4/classic/… (the package's `zod` entry). */
export const CLASSIC = /node_modules[\\/]zod[\\/](v4[\\/])?classic[\\/]/;

/** React Router's development build, where its package `exports` point. */
export const ROUTER_DEVELOPMENT = /node_modules[\\/]react-router[\\/]dist[\\/]development[\\/]/;

/** lucide-react's icon factory and the component it draws with. */
export const LUCIDE_FACTORY =
  /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon)\.mjs$/;

const RULES = [
  {
    module: CLASSIC,
    what: "zod's classic API",
    instead: "import { z } from '@contract/zod' (zod/mini) instead of 'zod' (ADR 0064).",
  },
  {
    module: ROUTER_DEVELOPMENT,
    what: "React Router's development build",
    instead:
      'resolve that import to react-router/dist/production in vite.config.ts (productionAliases, ADR 0067).',
  },
  {
    module: LUCIDE_FACTORY,
    what: "lucide-react's icon factory",
    instead:
      'resolve it to src/components/ui/lucide-icon.ts in vite.config.ts (smallIcons, ADR 0067).',
  },
];

/**
 * Why a module may not be in the browser build, or null when it may.
 * @param {string} id
 * @param {readonly string[]} importers
 * @returns {string | null}
 */
export function clientModuleError(id, importers) {
  const rule = RULES.find(({ module }) => module.test(id));
  if (!rule) return null;
  const from = importers.filter((file) => !rule.module.test(file));
  return `${rule.what} reached the browser build${from.length ? ` from ${from.join(', ')}` : ''}: ${rule.instead}`;
}

/**
 * React Router's bare imports, resolved to its production build.
 * @param {(path: string) => string} fromRoot the repository's path of a file
 * @returns {import('vite').Alias[]}
 */
export function productionAliases(fromRoot) {
  const dist = './node_modules/react-router/dist/production/';
  return [
    { find: /^react-router$/, replacement: fromRoot(`${dist}index.mjs`) },
    { find: /^react-router\/dom$/, replacement: fromRoot(`${dist}dom-export.mjs`) },
  ];
}

/**
 * Resolves lucide-react's createLucideIcon.mjs, from wherever it is imported, to `factory`.
 * @param {string} factory the file that draws the icons instead
 * @returns {import('vite').Plugin}
 */
export function smallIcons(factory) {
  return {
    name: 'paybills:small-icons',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!/createLucideIcon\.mjs$/.test(source) || !importer?.includes('lucide-react'))
        return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && LUCIDE_FACTORY.test(resolved.id) ? factory : null;
    },
  };
}

/**
 * The Vite plugin: fails a client build (not dev, Storybook's dev server, tests or the SSR
 * prerender) whose output holds any of the modules above.
 * @returns {import('vite').Plugin}
 */
export function clientModules() {
  return {
    name: 'paybills:client-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment && this.environment.name !== 'client') return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, { renderedLength }] of Object.entries(chunk.modules)) {
          if (renderedLength === 0) continue;
          const error = clientModuleError(id, this.getModuleInfo(id)?.importers ?? []);
          if (error) this.error(error);
        }
      }
    },
  };
}
