// Types for scripts/zod-browser.mjs (plain JS so vite.config.ts and tests share it).
import type { Plugin } from 'vite';

export function withoutJsonSchema(code: string): { code: string; hooks: number };
export function zodBrowser(): Plugin;
