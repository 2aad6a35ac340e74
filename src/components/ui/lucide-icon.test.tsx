import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import createLucideIcon, { type LucideIconData, type LucideIconProps } from './lucide-icon';

/*
 * The browser build draws every icon with ./lucide-icon.ts; dev servers, Storybook and tests
 * with lucide-react itself (ADR 0067). This test holds the two to the same markup for every
 * icon the design system exports, with the props the app passes.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** lucide-react's export name → its icon module, from the package's own index. */
const modules = new Map<string, string>();
for (const [, names, file] of read('node_modules/lucide-react/dist/esm/lucide-react.mjs').matchAll(
  /export \{([^}]+)\} from '\.\/icons\/([\w-]+)\.mjs'/g,
)) {
  for (const [, name] of names!.matchAll(/default as (\w+)/g)) modules.set(name!, file!);
}

/** The Lucide names icons.ts re-exports (`ArrowLeft as BackIcon` → ArrowLeft). */
const used = [...read('src/components/ui/icons.ts').matchAll(/^\s+(\w+) as \w+Icon,$/gm)].map(
  ([, name]) => name!,
);

const PROPS: LucideIconProps[] = [
  {},
  { className: 'size-4' },
  { className: 'mt-0.5 size-4 shrink-0 text-danger', strokeWidth: 2.5 },
  { className: 'size-7', strokeWidth: 1.5 },
  { 'aria-label': 'Close', className: 'size-5' },
  { role: 'img' },
];

describe("the build's icon factory draws lucide-react's icons (ADR 0067)", () => {
  it('finds every icon the design system exports', () => {
    expect(used.length).toBeGreaterThanOrEqual(40);
    for (const name of used) expect(modules.get(name), name).toBeDefined();
  });

  it.each(used)('%s', async (name) => {
    const icon = (await import(
      `../../../node_modules/lucide-react/dist/esm/icons/${modules.get(name)}.mjs`
    )) as {
      default: ComponentType<LucideIconProps>;
      __iconData: LucideIconData;
    };
    const small = createLucideIcon(icon.__iconData);
    for (const props of PROPS) {
      expect(renderToStaticMarkup(createElement(small, props))).toBe(
        renderToStaticMarkup(createElement(icon.default, props)),
      );
    }
  });
});
