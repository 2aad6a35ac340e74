export const root: string;
export const STAMP_FILE: string;
export type BuildMode = 'server' | 'mock';
export function stampMatches(stamp: unknown, mode: BuildMode): boolean;
export function buildIsCurrent(mode: BuildMode, outDir?: string): boolean;
export function buildWeb(mode: BuildMode, options?: { outDir?: string }): Promise<void>;
export function buildWebIfStale(mode: BuildMode, options?: { outDir?: string }): Promise<void>;
