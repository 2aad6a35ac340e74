export const APP_SHELLS_DIR: string;
export const USER_PAGES: ReadonlyArray<readonly [segment: string, file: string]>;
export const SHELLS: ReadonlyArray<{ prefix: string; area: string; page: string }>;
export function withPreloads(indexHtml: string, files: string[]): string;
export function writeAppShells(options?: { outDir?: string }): { prefix: string; file: string }[];
