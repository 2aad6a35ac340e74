import { createElement, forwardRef, type ReactNode, type SVGProps } from 'react';

/*
 * How the browser build draws a Lucide icon (ADR 0067). lucide-react's own
 * `createLucideIcon` serves every option of the library (sizes, colours, absolute stroke
 * widths, a context provider, icons built from names) and cost every app page 1.6 KiB gzip;
 * the app sizes icons with classes and sets at most a stroke width. A client build resolves
 * lucide-react's icon modules' `../createLucideIcon.mjs` to this file (vite.config.ts), so each
 * icon keeps its own module and its own chunk, drawn by the few lines below. The markup is
 * lucide-react's, attribute for attribute (lucide-icon.test.tsx renders every icon of
 * icons.ts both ways); dev servers (Storybook's too) and tests draw with lucide-react itself.
 */

/** An icon's drawing as lucide-react's icon modules describe it. */
export interface LucideIconData {
  name: string;
  size?: number;
  aliases?: readonly unknown[];
  node: readonly (readonly [string, Record<string, string | number>])[];
}

export type LucideIconProps = SVGProps<SVGSVGElement> & { children?: ReactNode };

const SVG = 'http://www.w3.org/2000/svg';

/** A prop that names the icon for assistive technology, so it is not hidden from it. */
const labels = (props: object) =>
  Object.entries(props).some(
    ([prop, value]) =>
      value != null && (prop.startsWith('aria-') || prop === 'role' || prop === 'title'),
  );

export default function createLucideIcon(icon: LucideIconData) {
  const size = icon.size ?? 24;
  const names = [icon.name, ...(icon.aliases ?? [])].filter(
    (name): name is string => typeof name === 'string' && name.trim() !== '',
  );
  const base = ['lucide', ...names.map((name) => `lucide-${name}`)];
  return forwardRef<SVGSVGElement, LucideIconProps>(function LucideIcon(
    { className, strokeWidth = 2, children, ...rest },
    ref,
  ) {
    const classes = new Set([...base, ...(className?.split(/\s+/) ?? [])]);
    classes.delete('');
    return createElement(
      'svg',
      {
        ref,
        xmlns: SVG,
        width: 24,
        height: 24,
        viewBox: `0 0 ${size} ${size}`,
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: [...classes].join(' '),
        ...(children || labels(rest) ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      ...icon.node.map(([tag, attrs]) => createElement(tag, attrs)),
      children,
    );
  });
}
