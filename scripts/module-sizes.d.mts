// Types for scripts/module-sizes.mjs (plain JS so vite.config.ts and node scripts share it).
import type { Plugin } from 'vite';

export const MODULES_FILE: string;
export function moduleLabel(id: string, root: string): string;
export function moduleSizes(options: { root: string }): Plugin;
export function moduleBreakdown(
  modulesByChunk: Record<string, Record<string, number>>,
  files: string[],
  sizeOf: (file: string) => { raw: number; gzip: number },
): Array<{ label: string; raw: number; gzip: number }>;
