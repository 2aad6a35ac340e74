import { expect, it } from 'vitest';
import { cn } from './cn';

it('joins classes and lets the later Tailwind class win', () => {
  expect(cn('px-2 py-1', [null, undefined], { 'font-bold': true }, 'px-4')).toBe(
    'py-1 font-bold px-4',
  );
});
