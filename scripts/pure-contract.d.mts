// Types for scripts/pure-contract.mjs (plain JS so vite.config.ts and tests share it).
import type { Plugin } from 'vite';

export const CONTRACT_MODULE: RegExp;
export function markContractPure(code: string, filename: string): string;
export function pureContract(): Plugin;
