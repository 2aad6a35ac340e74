import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (strings, arrays, `{ class: condition }` objects) and lets a later
 * Tailwind class win over an earlier conflicting one, so `cn(base, className)` lets a caller
 * override a component's defaults: `cn('px-2 py-1', 'px-4')` → `'py-1 px-4'`.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
