/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to every text file of the build (HTML,
 * JS, CSS, SVG, JSON) of 1 KB or more. The server sends them to browsers that accept them
 * (@fastify/static `preCompressed`), so no CPU is spent compressing per request and a phone
 * downloads a fraction of the bytes. Run after `vite build` and scripts/prerender.mjs.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEXT = /\.(html|js|mjs|css|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Compresses the build in `outDir`; answers how many files and their bytes before/after. */
export function precompress({ outDir = path.join(root, 'dist') } = {}) {
  let count = 0;
  let raw = 0;
  let brotli = 0;
  for (const file of files(outDir)) {
    if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    count += 1;
    raw += body.length;
    brotli += br.length;
  }
  return { count, raw, brotli };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { count, raw, brotli } = precompress();
  console.log(
    `Precompressed ${count} files: ${(raw / 1024).toFixed(1)} KB → ${(brotli / 1024).toFixed(1)} KB (Brotli).`,
  );
}
