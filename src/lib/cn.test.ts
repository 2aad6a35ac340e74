import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';

import { cn } from './cn';

it('joins classes and lets the later Tailwind class win', () => {
  expect(cn('px-2 py-1', [null, undefined], { 'font-bold': true }, 'px-4')).toBe(
    'py-1 font-bold px-4',
  );
});

// Overrides the app really makes: a component's defaults, then what a screen passes as
// `className` (or a component's own conditional classes). The expected strings are what the
// full tailwind-merge returns; this table passed against it before `cn` got its own config.
describe('the overrides the app makes', () => {
  const line = 'block animate-pulse bg-border h-4 w-full rounded-chip'; // Skeleton
  const field = 'flex flex-col gap-1.5 w-full'; // Field
  const focusRing =
    'outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-2 focus-visible:outline-brand';
  const cases: [string, string[], string][] = [
    [
      'a taller skeleton line',
      [line, 'h-12'],
      'block animate-pulse bg-border w-full rounded-chip h-12',
    ],
    [
      'a narrower skeleton line',
      [line, 'w-3/4'],
      'block animate-pulse bg-border h-4 rounded-chip w-3/4',
    ],
    [
      'an inline skeleton word',
      [line, 'inline-block w-24 align-middle'],
      'animate-pulse bg-border h-4 rounded-chip inline-block w-24 align-middle',
    ],
    [
      'a skeleton heading',
      [line, 'my-1 h-7 w-32'],
      'block animate-pulse bg-border rounded-chip my-1 h-7 w-32',
    ],
    [
      'a taller skeleton block',
      ['block animate-pulse bg-border h-24 w-full rounded-card', 'h-40 w-full'],
      'block animate-pulse bg-border rounded-card h-40 w-full',
    ],
    // `h-control` is a theme size tailwind-merge does not know: both heights stay (as before).
    [
      'a control-high skeleton',
      [line, 'h-control w-64'],
      'block animate-pulse bg-border h-4 rounded-chip h-control w-64',
    ],
    // Here too `h-control` stays beside `h-auto`; only the padding is replaced.
    [
      'a link-like button without side padding',
      [
        'inline-flex gap-2 text-brand underline-offset-4 hover:underline h-control px-4 text-sm',
        'h-auto px-0',
      ],
      'inline-flex gap-2 text-brand underline-offset-4 hover:underline h-control text-sm h-auto px-0',
    ],
    [
      'a danger-coloured ghost button',
      ['inline-flex text-fg hover:bg-surface h-control px-4 text-sm', 'text-danger sm:mr-auto'],
      'inline-flex hover:bg-surface h-control px-4 text-sm text-danger sm:mr-auto',
    ],
    ['a fixed-width field', [field, 'w-44'], 'flex flex-col gap-1.5 w-44'],
    [
      'a field that grows in a row',
      [field, 'min-w-48 flex-1'],
      'flex flex-col gap-1.5 w-full min-w-48 flex-1',
    ],
    ['a wider field from sm up', [field, 'sm:w-56'], 'flex flex-col gap-1.5 w-full sm:w-56'],
    [
      'a fixed-width input',
      ['w-full min-w-0 rounded-control border border-input px-3 text-base h-control', 'w-56'],
      'min-w-0 rounded-control border border-input px-3 text-base h-control w-56',
    ],
    [
      'a semibold large amount',
      ['whitespace-nowrap tabular-nums text-2xl font-bold', 'font-semibold'],
      'whitespace-nowrap tabular-nums text-2xl font-semibold',
    ],
    [
      'a collapsed sidebar entry',
      ['flex w-full items-center gap-3 rounded-control px-3 py-2 text-sm', 'justify-center px-0'],
      'flex w-full items-center gap-3 rounded-control py-2 text-sm justify-center px-0',
    ],
    [
      'a popper select as wide as its trigger',
      ['relative z-50 min-w-32 overflow-hidden', 'w-full min-w-(--radix-select-trigger-width)'],
      'relative z-50 overflow-hidden w-full min-w-(--radix-select-trigger-width)',
    ],
    [
      'a unit stepper button with a right border',
      ['inline-flex w-control text-lg', 'border-r border-input'],
      'inline-flex w-control text-lg border-r border-input',
    ],
    [
      'a muted toast text over the base colour',
      ['text-sm text-fg', 'text-muted'],
      'text-sm text-muted',
    ],
    [
      'a focus ring with a tighter offset',
      [focusRing, 'focus-visible:-outline-offset-2'],
      focusRing.replace(' focus-visible:outline-offset-2', '') + ' focus-visible:-outline-offset-2',
    ],
    [
      'a border width then colour',
      ['border border-border', 'border-2 border-brand'],
      'border-2 border-brand',
    ],
    [
      'a border side over the border',
      ['border-b border-transparent', 'border-b-2'],
      'border-transparent border-b-2',
    ],
    ['size over width and height', ['h-4 w-4', 'size-6'], 'size-6'],
    ['padding over one side', ['pt-2 px-3', 'p-4'], 'p-4'],
    ['one side after padding stays', ['p-4', 'pt-2'], 'p-4 pt-2'],
    ['a text size with line height', ['text-sm leading-6', 'text-base'], 'text-base'],
    [
      'variants only override the same variants',
      ['hover:bg-surface bg-bg', 'bg-brand'],
      'hover:bg-surface bg-brand',
    ],
    ['a hidden element on print', ['flex gap-2', 'print:hidden'], 'flex gap-2 print:hidden'],
    ['an inset that replaces its sides', ['top-3 right-3', 'inset-0'], 'inset-0'],
    ['an arbitrary value', ['tracking-normal', 'tracking-[0.5em]'], 'tracking-[0.5em]'],
    ['a shadow and its opacity', ['shadow-sm', 'shadow-xl'], 'shadow-xl'],
    ['classes it does not know are kept', ['group/tabs foo', 'bar'], 'group/tabs foo bar'],
  ];

  it.each(cases)('%s', (_name, input, expected) => {
    expect(cn(...input)).toBe(expected);
  });
});

/** Every whitespace-separated word in the string literals of src/ and stories/ (not tests). */
function classWordsInSource(): string[] {
  const words = new Set<string>();
  for (const dir of ['src', 'stories']) {
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      // cn.ts itself: its literals are class group names and prefixes, not classes.
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || file === 'lib/cn.ts') continue;
      const text = readFileSync(join(dir, file), 'utf8');
      for (const [, a, b, c] of text.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
        const literal = (a ?? b ?? c ?? '').replace(/\$\{[^}]*\}/g, ' ');
        for (const word of literal.split(/\s+/)) if (word) words.add(word);
      }
    }
  }
  return [...words];
}

/** `hover:md:px-2` → `hover:md` (sorted, `!` kept): only classes with equal variants conflict. */
function variantsOf(word: string): string {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < word.length; i++) {
    const ch = word[i];
    if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    else if (ch === ':' && depth === 0) {
      parts.push(word.slice(start, i));
      start = i + 1;
    }
  }
  const important = word.startsWith('!') || word.endsWith('!');
  return parts.sort().join(':') + (important ? '!' : '');
}

it('merges every pair of the app’s classes exactly as the full tailwind-merge does', () => {
  // A word is a class the full tailwind-merge knows when a repeat of it is dropped.
  const classes = classWordsInSource().filter((word) => twMerge(`${word} ${word}`) === word);
  expect(classes.length).toBeGreaterThan(300);
  const byVariants = new Map<string, string[]>();
  for (const word of classes)
    byVariants.set(variantsOf(word), [...(byVariants.get(variantsOf(word)) ?? []), word]);
  const differences: string[] = [];
  for (const group of byVariants.values()) {
    for (const a of group) {
      for (const b of group) {
        // A class repeated is dropped by tailwind-merge when it knows the class, kept by `cn`
        // when its group is not configured: the same class twice renders the same.
        if (a === b) continue;
        const full = twMerge(`${a} ${b}`);
        if (cn(a, b) !== full)
          differences.push(`cn('${a}', '${b}') = '${cn(a, b)}', not '${full}'`);
      }
    }
  }
  expect(differences).toEqual([]);
  // Every pair of the app's classes: about 1.5 s alone, over 5 s (Vitest's default) on two
  // cores shared with a browser suite. A limit for a hang, not a speed assertion.
}, 60_000);

// Longer lists and the parser's corners (variants, `!`, `/`, negatives, arbitrary properties):
// `cn`'s own engine must read them as tailwind-merge does.
it.each([
  'px-2 py-1 p-4 pt-2',
  'text-sm leading-6 text-base/7',
  'text-sm/6 leading-8',
  'hover:bg-brand/10 bg-bg hover:bg-danger',
  '!px-2 px-4 px-1!',
  'px-2! !px-4',
  'before:*:p-2 *:before:p-4 before:*:p-1',
  'sm:hover:px-2 hover:sm:px-4',
  'w-3/4 w-1/2 size-4',
  '-mt-2 mt-4 -mt-1',
  '[overflow-wrap:anywhere] [overflow-wrap:normal] [color:red]',
  'data-[state=active]:bg-bg data-[state=active]:bg-brand',
  'border border-b-2 border-2 border-brand border-l-danger',
  'inset-0 top-2 inset-x-4 left-1',
  'min-w-32 min-w-(--radix-select-trigger-width) min-w-[calc(100%-2rem)]',
  'shadow-sm shadow-[0_1px_2px_red] shadow-(--s)',
  'font-bold font-[650] font-(--w)',
  'foo bar foo',
  '  ',
])('%j merges as tailwind-merge merges it', (list) => {
  expect(cn(list)).toBe(twMerge(list));
});
