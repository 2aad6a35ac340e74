// Types for scripts/zod-mini-only.mjs (plain JS so vite.config.ts and tests share it).
import type { Plugin } from 'vite';

export const CLASSIC: RegExp;
export function classicZodError(id: string, importers: readonly string[]): string | null;
export function zodMiniOnly(): Plugin;
