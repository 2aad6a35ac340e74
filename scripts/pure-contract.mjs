/**
 * The contract builds its schemas when a module loads, and nothing else happens there
 * (package.json `sideEffects`: contract/ is free of them, except contract/zod.ts). A bundler
 * cannot know that: zod's functions say they are pure, but a method call such as
 * `z.string().check(z.maxLength(64))`, or a call of one of the contract's own helpers, might
 * do anything, so every such schema stayed in every page's download, used or not (issue 27;
 * ADR 0066: 13 of login's 53 KB of contract were schemas only admin pages use).
 *
 * This Vite plugin tells the bundler what the contract promises: in a client build, every call
 * made while a contract module's top-level constants are built is marked `@__PURE__`, so a
 * page keeps only the schemas it uses. Calls inside functions are left alone (a `superRefine`
 * callback's `ctx.addIssue(...)` must run), and so are top-level statements that are not
 * declarations (contract/zod.ts loads zod's English messages with one).
 */
import { parseSync } from 'vite';

/** The contract's modules, its area folders' too; tests and contract/zod.ts excluded. */
export const CONTRACT_MODULE =
  /[\\/]contract[\\/](?!zod\.ts$)(?:[\w-]+[\\/])?[\w.-]+(?<!\.test)\.ts$/;

const FUNCTION = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'ClassExpression']);
const CALL = new Set(['CallExpression', 'NewExpression']);

/**
 * Where each call in `node` starts, not looking inside functions.
 * @param {unknown} node
 * @param {Set<number>} starts
 */
function collectCalls(node, starts) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) collectCalls(child, starts);
    return;
  }
  const { type } = /** @type {{ type?: string }} */ (node);
  if (typeof type !== 'string' || FUNCTION.has(type)) return;
  if (CALL.has(type)) starts.add(/** @type {{ start: number }} */ (node).start);
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'type' && key !== 'start' && key !== 'end') collectCalls(child, starts);
  }
}

/**
 * The module's code with `/* @__PURE__ *\/` before every call of its top-level declarations.
 * @param {string} code JavaScript or TypeScript
 * @param {string} filename decides the language (`.ts`)
 * @returns {string}
 */
export function markContractPure(code, filename) {
  const { program, errors } = parseSync(filename, code);
  if (errors.length > 0) return code;
  const starts = new Set();
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'VariableDeclaration') {
      for (const { init } of declaration.declarations) collectCalls(init, starts);
    }
  }
  let out = code;
  for (const start of [...starts].sort((a, b) => b - a)) {
    out = `${out.slice(0, start)}/* @__PURE__ */ ${out.slice(start)}`;
  }
  return out;
}

/**
 * The plugin: client builds only (`vite build`), after TypeScript is stripped.
 * @returns {import('vite').Plugin}
 */
export function pureContract() {
  return {
    name: 'pure-contract',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT_MODULE.test(id.replace(/\?.*$/, ''))) return null;
      const marked = markContractPure(code, 'module.js');
      return marked === code ? null : { code: marked, map: null };
    },
  };
}
