/**
 * Where the bytes of each chunk come from: a Vite (Rolldown) plugin that writes
 * dist/.vite/modules.json after `vite build`, one entry per JS chunk with the size of every
 * module in it, and the helpers scripts/report-chunks.mjs uses to print them.
 *
 * A module's size is its rendered code (tree-shaken, before minification); a chunk's modules
 * are then scaled to the chunk's real minified and gzipped size, so the figures add up to what
 * the browser downloads. Scaling is an estimate (minification and gzip do not shrink every
 * module by the same ratio) but it ranks modules and packages truthfully enough to decide
 * what to cut. No network, no extra package.
 */
import path from 'node:path';

export const MODULES_FILE = path.join('.vite', 'modules.json');

/**
 * A module id shortened to what a reader looks for: `pkg:zod` (node_modules, scoped names
 * kept) or the path from the repo root.
 * @param {string} id
 * @param {string} root
 */
export function moduleLabel(id, root) {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const at = clean.lastIndexOf('node_modules/');
  if (at >= 0) {
    const parts = clean.slice(at + 'node_modules/'.length).split('/');
    const name = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    return `pkg:${name}`;
  }
  return path.isAbsolute(clean) ? path.relative(root, clean).split(path.sep).join('/') : clean;
}

/**
 * The plugin: records each chunk's modules (label → rendered bytes, several files of one
 * package summed) into dist/.vite/modules.json.
 * @param {{ root: string }} options
 * @returns {import('vite').Plugin}
 */
export function moduleSizes({ root }) {
  return {
    name: 'paybills:module-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment && this.environment.name !== 'client') return;
      /** @type {Record<string, Record<string, number>>} */
      const chunks = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        /** @type {Record<string, number>} */
        const modules = {};
        for (const [id, info] of Object.entries(output.modules)) {
          if (!info.renderedLength) continue;
          const label = moduleLabel(id, root);
          modules[label] = (modules[label] ?? 0) + info.renderedLength;
        }
        chunks[output.fileName] = modules;
      }
      this.emitFile({
        type: 'asset',
        fileName: MODULES_FILE,
        source: `${JSON.stringify(chunks, null, 1)}\n`,
      });
    },
  };
}

/**
 * Bytes per module over a set of chunks, each chunk's modules scaled to the chunk's real size.
 * @param {Record<string, Record<string, number>>} modulesByChunk from modules.json
 * @param {string[]} files the chunks a page loads
 * @param {(file: string) => { raw: number, gzip: number }} sizeOf the chunk's real sizes
 * @returns {Array<{ label: string, raw: number, gzip: number }>} biggest first
 */
export function moduleBreakdown(modulesByChunk, files, sizeOf) {
  /** @type {Map<string, { raw: number, gzip: number }>} */
  const totals = new Map();
  for (const file of files) {
    const modules = modulesByChunk[file];
    if (!modules) continue;
    const rendered = Object.values(modules).reduce((sum, n) => sum + n, 0);
    if (rendered === 0) continue;
    const size = sizeOf(file);
    for (const [label, bytes] of Object.entries(modules)) {
      const share = bytes / rendered;
      const sum = totals.get(label) ?? { raw: 0, gzip: 0 };
      sum.raw += share * size.raw;
      sum.gzip += share * size.gzip;
      totals.set(label, sum);
    }
  }
  return [...totals.entries()]
    .map(([label, sum]) => ({ label, raw: sum.raw, gzip: sum.gzip }))
    .sort((a, b) => b.gzip - a.gzip);
}
