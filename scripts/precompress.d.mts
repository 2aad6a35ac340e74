export function precompress(options?: { outDir?: string }): {
  count: number;
  raw: number;
  brotli: number;
};
