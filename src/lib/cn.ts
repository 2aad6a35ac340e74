import { clsx, type ClassValue } from 'clsx';

/*
 * `cn` joins class names and lets a later Tailwind class win over an earlier one it conflicts
 * with (`cn('px-2 py-1', 'px-4')` → `'py-1 px-4'`), as tailwind-merge does. It used
 * tailwind-merge's engine with the app's own class groups (decision 0030); the engine alone
 * was 4.8 KiB gzip on every page (ADR 0066), so this file has a small one of its own
 * that reads the same table in the same way:
 * - a class is split into its variants (`hover:`, `sm:`, `data-[x]:`), `!` and its base;
 * - the base is looked up in the groups below, longest prefix first (`border-b-2` is
 *   `border-w-b` before `border-w`), then each prefix's value tests in the table's order;
 * - walking from the last class to the first, a class is dropped when a later one with the
 *   same variants took its group, or a group that covers it (`p-4` covers `pt-2`).
 * The groups are tailwind-merge 3's defaults for the classes the app uses, in its order.
 * `cn.test.ts` merges every pair of classes found in src/ and stories/ with `cn` and with the
 * full tailwind-merge (a dev dependency) and fails, naming the pair, if the two ever differ: a
 * new class that needs a group not listed here is caught there (add its definition from
 * tailwind-merge's `getDefaultConfig`).
 */

type Test = (value: string) => boolean;
type ClassGroup = readonly (string | Test | { readonly [prefix: string]: ClassGroup })[];

// ── Value tests (what may follow a prefix) ───────────────────────────────────────

const ARBITRARY = /^\[(?:(\w[\w-]*):)?(.+)\]$/i;
const VARIABLE = /^\((?:(\w[\w-]*):)?(.+)\)$/i;
const LENGTH =
  /\d+(%|px|r?em|[sdl]?v([hwib]|min|max)|pt|pc|in|cm|mm|cap|ch|ex|r?lh|cq(w|h|i|b|min|max))|\b(calc|min|max|clamp)\(.+\)|^0$/;
const COLOR_FUNCTION = /^(rgba?|hsla?|hwb|(ok)?(lab|lch)|color-mix|color|light-dark)\(.+\)$/;
const SHADOW = /^(inset_)?-?((\d+)?\.?(\d+)[a-z]+|0)_-?((\d+)?\.?(\d+)[a-z]+|0)/;

const isNumber: Test = (value) => !!value && !Number.isNaN(Number(value));
const isInteger: Test = (value) => !!value && Number.isInteger(Number(value));
const isFraction: Test = (value) => /^\d+(?:\.\d+)?\/\d+(?:\.\d+)?$/.test(value);
const isTshirtSize: Test = (value) => /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/.test(value);
const isAny: Test = () => true;
const isArbitraryValue: Test = (value) => ARBITRARY.test(value);
const isArbitraryVariable: Test = (value) => VARIABLE.test(value);

/** `[label:value]`: the label decides when there is one, else `test` the value. */
const arbitrary =
  (labels: readonly string[], test: Test): Test =>
  (value) => {
    const match = ARBITRARY.exec(value);
    return !!match && (match[1] ? labels.includes(match[1]) : test(match[2]!));
  };
/** `(label:--var)`: the label decides when there is one, else `unlabelled`. */
const variable =
  (labels: readonly string[], unlabelled: boolean): Test =>
  (value) => {
    const match = VARIABLE.exec(value);
    return !!match && (match[1] ? labels.includes(match[1]) : unlabelled);
  };

const isArbitraryLength = arbitrary(
  ['length'],
  (value) => LENGTH.test(value) && !COLOR_FUNCTION.test(value),
);
const isArbitraryVariableLength = variable(['length'], false);
const isArbitraryWeight = arbitrary(['number', 'weight'], isAny);
const isArbitraryVariableWeight = variable(['number', 'weight'], true);
const isArbitraryShadow = arbitrary(['shadow'], (value) => SHADOW.test(value));
const isArbitraryVariableShadow = variable(['shadow'], true);

// ── The app's class groups ────────────────────────────────────────────────────────

const arb = [isArbitraryVariable, isArbitraryValue];
const spacing = [...arb, 'px', isNumber];
const inset = [isFraction, 'full', 'auto', ...spacing];
const margin = ['auto', ...spacing];
const viewport = ['dvw', 'dvh', 'lvw', 'lvh', 'svw', 'svh', 'min', 'max', 'fit'];
const sizing = [isFraction, 'auto', 'full', ...viewport, ...spacing];
const color = [isAny];
const borderWidth = ['', isNumber, isArbitraryVariableLength, isArbitraryLength];
const overflow = ['auto', 'hidden', 'clip', 'visible', 'scroll'];
const lineStyle = ['solid', 'dashed', 'dotted', 'double'];
const tshirt = [isTshirtSize];

/** The classes `prefix-<value>`: `on('p', spacing)` → `[{ p: spacing }]`. */
const on = (prefix: string, values: ClassGroup): ClassGroup => [{ [prefix]: values }];

const classGroups: Record<string, ClassGroup> = {
  display: [
    'block',
    'inline-block',
    'inline',
    'flex',
    'inline-flex',
    'table',
    'inline-table',
    'table-caption',
    'table-cell',
    'table-column',
    'table-column-group',
    'table-footer-group',
    'table-header-group',
    'table-row-group',
    'table-row',
    'flow-root',
    'grid',
    'inline-grid',
    'contents',
    'list-item',
    'hidden',
  ],
  overflow: on('overflow', overflow),
  'overflow-x': on('overflow-x', overflow),
  'overflow-y': on('overflow-y', overflow),
  position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
  inset: on('inset', inset),
  'inset-x': on('inset-x', inset),
  'inset-y': on('inset-y', inset),
  top: on('top', inset),
  right: on('right', inset),
  bottom: on('bottom', inset),
  left: on('left', inset),
  visibility: ['visible', 'invisible', 'collapse'],
  z: on('z', [isInteger, 'auto', ...arb]),
  'flex-direction': on('flex', ['row', 'row-reverse', 'col', 'col-reverse']),
  'flex-wrap': on('flex', ['nowrap', 'wrap', 'wrap-reverse']),
  flex: on('flex', [isNumber, isFraction, 'auto', 'initial', 'none', isArbitraryValue]),
  shrink: on('shrink', ['', isNumber, ...arb]),
  'grid-cols': on('grid-cols', [isInteger, 'none', 'subgrid', ...arb]),
  gap: on('gap', spacing),
  'gap-x': on('gap-x', spacing),
  'gap-y': on('gap-y', spacing),
  'justify-content': on('justify', [
    'start',
    'end',
    'center',
    'between',
    'around',
    'evenly',
    'stretch',
    'baseline',
    'center-safe',
    'end-safe',
    'normal',
  ]),
  'align-items': on('items', [
    'start',
    'end',
    'center',
    'stretch',
    'center-safe',
    'end-safe',
    { baseline: ['', 'last'] },
  ]),
  p: on('p', spacing),
  px: on('px', spacing),
  py: on('py', spacing),
  pt: on('pt', spacing),
  pr: on('pr', spacing),
  pb: on('pb', spacing),
  pl: on('pl', spacing),
  m: on('m', margin),
  mx: on('mx', margin),
  my: on('my', margin),
  mt: on('mt', margin),
  mr: on('mr', margin),
  mb: on('mb', margin),
  ml: on('ml', margin),
  'space-y': on('space-y', spacing),
  size: on('size', sizing),
  w: on('w', [...tshirt, 'screen', ...sizing]),
  'min-w': on('min-w', [...tshirt, 'screen', 'none', ...sizing]),
  'max-w': on('max-w', [...tshirt, 'screen', 'none', 'prose', { screen: tshirt }, ...sizing]),
  h: on('h', ['screen', 'lh', ...sizing]),
  'min-h': on('min-h', ['screen', 'lh', 'none', ...sizing]),
  'max-h': on('max-h', ['screen', 'lh', 'none', ...sizing]),
  'font-size': on('text', ['base', ...tshirt, isArbitraryVariableLength, isArbitraryLength]),
  'font-weight': on('font', [
    'thin',
    'extralight',
    'light',
    'normal',
    'medium',
    'semibold',
    'bold',
    'extrabold',
    'black',
    isArbitraryVariableWeight,
    isArbitraryWeight,
  ]),
  tracking: on('tracking', ['tighter', 'tight', 'normal', 'wide', 'wider', 'widest', ...arb]),
  leading: on('leading', ['none', 'tight', 'snug', 'normal', 'relaxed', 'loose', ...spacing]),
  'list-style-type': on('list', ['disc', 'decimal', 'none', ...arb]),
  'text-alignment': on('text', ['left', 'center', 'right', 'justify', 'start', 'end']),
  'text-color': on('text', color),
  'text-decoration': ['underline', 'overline', 'line-through', 'no-underline'],
  'text-overflow': ['truncate', 'text-ellipsis', 'text-clip'],
  'vertical-align': on('align', [
    'baseline',
    'top',
    'middle',
    'bottom',
    'text-top',
    'text-bottom',
    'sub',
    'super',
    ...arb,
  ]),
  whitespace: on('whitespace', ['normal', 'nowrap', 'pre', 'pre-line', 'pre-wrap', 'break-spaces']),
  break: on('break', ['normal', 'words', 'all', 'keep']),
  'bg-color': on('bg', color),
  'border-collapse': on('border', ['collapse', 'separate']),
  rounded: on('rounded', ['', 'none', 'full', ...tshirt, ...arb]),
  'border-w': on('border', borderWidth),
  'border-w-t': on('border-t', borderWidth),
  'border-w-r': on('border-r', borderWidth),
  'border-w-b': on('border-b', borderWidth),
  'border-w-l': on('border-l', borderWidth),
  'border-style': on('border', [...lineStyle, 'hidden', 'none']),
  'border-color': on('border', color),
  'border-color-l': on('border-l', color),
  'outline-style': on('outline', [...lineStyle, 'none', 'hidden']),
  'outline-offset': on('outline-offset', [isNumber, ...arb]),
  'outline-w': on('outline', borderWidth),
  shadow: on('shadow', [
    '',
    'inner',
    'none',
    ...tshirt,
    isArbitraryVariableShadow,
    isArbitraryShadow,
  ]),
  'ring-w': on('ring', borderWidth),
  'ring-w-inset': ['ring-inset'],
  'ring-color': on('ring', color),
  opacity: on('opacity', [isNumber, ...arb]),
  animate: on('animate', ['none', 'spin', 'ping', 'pulse', 'bounce', ...arb]),
  cursor: on('cursor', [
    'auto',
    'default',
    'pointer',
    'wait',
    'text',
    'move',
    'help',
    'not-allowed',
    'none',
    'progress',
    'grab',
    'grabbing',
    ...arb,
  ]),
  'pointer-events': on('pointer-events', ['auto', 'none']),
  fill: on('fill', ['none', ...color]),
  stroke: on('stroke', ['none', ...color]),
};

/** Groups a class of the key's group also replaces (`p-4` replaces `pt-2`). */
const covers: Record<string, readonly string[]> = {
  overflow: ['overflow-x', 'overflow-y'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['shrink'],
  gap: ['gap-x', 'gap-y'],
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
  px: ['pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml'],
  mx: ['mr', 'ml'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  'font-size': ['leading'],
  'border-w': ['border-w-t', 'border-w-r', 'border-w-b', 'border-w-l'],
  'border-color': ['border-color-l'],
};

/** Variants whose order matters (`before:*:` is not `*:before:`); the others are sorted. */
const ORDERED = new Set([
  '*',
  '**',
  'after',
  'backdrop',
  'before',
  'details-content',
  'file',
  'first-letter',
  'first-line',
  'marker',
  'placeholder',
  'selection',
]);

// ── The engine ────────────────────────────────────────────────────────────────────

interface Node {
  next: Map<string, Node>;
  tests: [Test, string][];
  group?: string;
}
const node = (): Node => ({ next: new Map(), tests: [] });

function nodeAt(from: Node, path: string): Node {
  let current = from;
  for (const part of path.split('-')) {
    let next = current.next.get(part);
    if (!next) current.next.set(part, (next = node()));
    current = next;
  }
  return current;
}

function add(at: Node, definitions: ClassGroup, group: string): void {
  for (const definition of definitions) {
    if (typeof definition === 'string') (definition ? nodeAt(at, definition) : at).group = group;
    else if (typeof definition === 'function') at.tests.push([definition, group]);
    else
      for (const [prefix, values] of Object.entries(definition))
        add(nodeAt(at, prefix), values, group);
  }
}

let root: Node | undefined;

/** The group of `parts[from..]` under `at`: the longest known prefix first, then its tests. */
function lookup(parts: string[], from: number, at: Node): string | undefined {
  if (from === parts.length) return at.group;
  const next = at.next.get(parts[from]!);
  const found = next && lookup(parts, from + 1, next);
  if (found) return found;
  const rest = parts.slice(from).join('-');
  return at.tests.find(([test]) => test(rest))?.[1];
}

/** `[color:red]` is the group of its property; `-mt-2` is looked up as `mt-2`. */
function groupOf(base: string): string | undefined {
  if (base.startsWith('[') && base.endsWith(']')) {
    const property = base.slice(1, base.indexOf(':'));
    return base.includes(':') && property ? `arbitrary..${property}` : undefined;
  }
  if (!root) {
    root = node();
    for (const [group, definitions] of Object.entries(classGroups)) add(root, definitions, group);
  }
  const parts = base.split('-');
  return lookup(parts, parts[0] === '' && parts.length > 1 ? 1 : 0, root);
}

/** Variants sorted, except around arbitrary or order-sensitive ones, which keep their place. */
function variantKey(variants: string[]): string {
  const out: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith('[') || ORDERED.has(variant)) {
      out.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  return [...out, ...run.sort()].join(':');
}

/** One class: its variant key (with `!`) and its group, if it has one. */
function parse(name: string): { key: string; group?: string } {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  let slash = -1;
  for (let i = 0; i < name.length; i++) {
    const ch = name[i];
    if (depth === 0 && ch === ':') {
      variants.push(name.slice(start, i));
      start = i + 1;
    } else if (depth === 0 && ch === '/') slash = i;
    else if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
  }
  let base = name.slice(start);
  const important = base.endsWith('!') || base.startsWith('!');
  if (important) base = base.endsWith('!') ? base.slice(0, -1) : base.slice(1);
  const key = variantKey(variants) + (important ? '!' : '');
  // `bg-brand/10` is `bg-brand` with an opacity; `w-3/4` is a width of its own.
  const cut = slash > start ? slash - start - (important && !name.endsWith('!') ? 1 : 0) : -1;
  const short = cut > 0 ? groupOf(base.slice(0, cut)) : undefined;
  return { key, group: short ?? groupOf(base) };
}

const cache = new Map<string, string>();

/** Drops each class that a later class with the same variants overrides. */
function merge(list: string): string {
  const cached = cache.get(list);
  if (cached !== undefined) return cached;
  const taken = new Set<string>();
  const kept: string[] = [];
  const names = list.trim().split(/\s+/);
  for (let i = names.length - 1; i >= 0; i--) {
    const name = names[i]!;
    const { key, group } = parse(name);
    if (group) {
      if (taken.has(key + group)) continue;
      taken.add(key + group);
      for (const covered of covers[group] ?? []) taken.add(key + covered);
    }
    kept.push(name);
  }
  const merged = kept.reverse().join(' ');
  if (cache.size >= 500) cache.clear();
  cache.set(list, merged);
  return merged;
}

/**
 * Joins class names (strings, arrays, `{ class: condition }` objects) and lets a later
 * Tailwind class win over an earlier conflicting one, so `cn(base, className)` lets a caller
 * override a component's defaults: `cn('px-2 py-1', 'px-4')` → `'py-1 px-4'`.
 */
export function cn(...classes: ClassValue[]): string {
  const list = clsx(classes);
  return list ? merge(list) : '';
}
