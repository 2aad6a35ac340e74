import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, validators as v, type Config } from 'tailwind-merge';

/*
 * tailwind-merge's `twMerge` carries a config for every one of Tailwind's ~380 class groups
 * (8.7 KiB gzip on every app page). `cn` only has to resolve the conflicts the app's own
 * classes can have, so it uses tailwind-merge's engine with the groups below: the app's
 * classes that conflict with each other, and the groups that keep other classes of the app
 * from falling into a catch-all (`border-dashed` is a style, not a colour). The definitions
 * are tailwind-merge 3's defaults, in its order (validators are tried in that order).
 * `cn.test.ts` merges every pair of classes found in src/ and stories/ with this config and
 * with the full `twMerge` and fails, naming the pair, if the two ever differ: a new class
 * that needs a group not listed here is caught there (add its definition from tailwind-merge's
 * `getDefaultConfig`). Decision 0030.
 */

const arb = [v.isArbitraryVariable, v.isArbitraryValue];
const spacing = [...arb, 'px', v.isNumber];
const inset = [v.isFraction, 'full', 'auto', ...spacing];
const margin = ['auto', ...spacing];
const viewport = ['dvw', 'dvh', 'lvw', 'lvh', 'svw', 'svh', 'min', 'max', 'fit'];
const sizing = [v.isFraction, 'auto', 'full', ...viewport, ...spacing];
const color = [v.isAny];
const borderWidth = ['', v.isNumber, v.isArbitraryVariableLength, v.isArbitraryLength];
const overflow = ['auto', 'hidden', 'clip', 'visible', 'scroll'];
const lineStyle = ['solid', 'dashed', 'dotted', 'double'];
const tshirt = [v.isTshirtSize];

type ClassGroup = Config<string, string>['classGroups'][string];

/** The classes `prefix-<value>`: `on('p', spacing)` → `[{ p: spacing }]`. */
const on = (prefix: string, values: ClassGroup): ClassGroup => [{ [prefix]: values }];

const classGroups = {
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
  z: on('z', [v.isInteger, 'auto', ...arb]),
  'flex-direction': on('flex', ['row', 'row-reverse', 'col', 'col-reverse']),
  'flex-wrap': on('flex', ['nowrap', 'wrap', 'wrap-reverse']),
  flex: on('flex', [v.isNumber, v.isFraction, 'auto', 'initial', 'none', v.isArbitraryValue]),
  shrink: on('shrink', ['', v.isNumber, ...arb]),
  'grid-cols': on('grid-cols', [v.isInteger, 'none', 'subgrid', ...arb]),
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
  'font-size': on('text', ['base', ...tshirt, v.isArbitraryVariableLength, v.isArbitraryLength]),
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
    v.isArbitraryVariableWeight,
    v.isArbitraryWeight,
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
  'outline-offset': on('outline-offset', [v.isNumber, ...arb]),
  'outline-w': on('outline', borderWidth),
  shadow: on('shadow', [
    '',
    'inner',
    'none',
    ...tshirt,
    v.isArbitraryVariableShadow,
    v.isArbitraryShadow,
  ]),
  'ring-w': on('ring', borderWidth),
  'ring-w-inset': ['ring-inset'],
  'ring-color': on('ring', color),
  opacity: on('opacity', [v.isNumber, ...arb]),
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

const twMerge = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups,
  conflictingClassGroups: {
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
  },
  conflictingClassGroupModifiers: { 'font-size': ['leading'] },
  orderSensitiveModifiers: [
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
  ],
}));

/**
 * Joins class names (strings, arrays, `{ class: condition }` objects) and lets a later
 * Tailwind class win over an earlier conflicting one, so `cn(base, className)` lets a caller
 * override a component's defaults: `cn('px-2 py-1', 'px-4')` → `'py-1 px-4'`.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
