export function buildId(manifestText: string): string;
export function stampServiceWorker(options?: { outDir?: string }): string;
