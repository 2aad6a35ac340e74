export const STATIC_PAGES_DIR: string;
export function staticDocument(template: string, markup: string): string;
export function prerender(options?: { outDir?: string }): Promise<{ path: string; file: string }[]>;
