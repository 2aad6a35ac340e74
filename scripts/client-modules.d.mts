// Types for scripts/client-modules.mjs (plain JS so vite.config.ts and tests share it).
import type { Alias, Plugin } from 'vite';

export const CLASSIC: RegExp;
export const ROUTER_DEVELOPMENT: RegExp;
export const LUCIDE_FACTORY: RegExp;
export function clientModuleError(id: string, importers: readonly string[]): string | null;
export function productionAliases(fromRoot: (path: string) => string): Alias[];
export function smallIcons(factory: string): Plugin;
export function clientModules(): Plugin;
