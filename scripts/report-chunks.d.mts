// Types for scripts/report-chunks.mjs (plain JS so `npm run build` can run it with node).

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface RouteChunkSet {
  route: string;
  area: string;
  js: string[];
  css: string[];
  addedJs: string[];
  keys: string[];
}

export const ROUTES_DIR: string;
export const LAYOUTS: ReadonlyArray<{ under: string; layouts: readonly string[]; area: string }>;
export function collectChunks(
  manifest: Manifest,
  keys: string[],
): { js: string[]; css: string[]; keys: string[] };
export function entryKey(manifest: Manifest): string;
export function routeChunkSets(manifest: Manifest): RouteChunkSet[];
export function findLeaks(manifest: Manifest): Array<{ route: string; leaked: string[] }>;

export interface Budgets {
  entryKib: number;
  routes: ReadonlyArray<{ under: string; kib: number }>;
}
export const BUDGETS: Budgets;
export function overBudget(
  manifest: Manifest,
  sizeOf: (file: string) => { gzip: number },
  budgets?: Budgets,
): Array<{ label: string; kib: number; budgetKib: number }>;
