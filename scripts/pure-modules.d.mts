// Types for scripts/pure-modules.mjs (plain JS so vite.config.ts and tests share it).
import type { Plugin } from 'vite';

export const CONTRACT_MODULE: RegExp;
export const REACT_ROUTER_MODULE: RegExp;
export function markPure(code: string, filename: string): string;
export function pureModules(modules?: readonly RegExp[]): Plugin;
