/**
 * Modules whose top level only builds values, which a bundler cannot tell by itself (* ADR 0066, ADR 0067). This Vite plugin says so for them in a client build, so a page keeps
 * only what it uses:
 * - **the contract** builds its schemas when a module loads, and nothing else happens there
 *   (package.json `sideEffects`: contract/ is free of them). zod's
 *   functions say they are pure, but a method call such as `z.string().check(z.maxLength(64))`,
 *   or a call of one of the contract's own helpers, might do anything, so every schema stayed
 *   in every page's download, used or not (13 of login's 53 KB of contract were schemas only
 *   admin pages use);
 * - **React Router's production build** (ADR 0067) creates its contexts, components and classes
 *   the same way, and names them for React's developer tools (`Link.displayName = "Link"`): an
 *   assignment a bundler must keep, and with it everything the named value reaches: `NavLink`,
 *   `Form`, `ScrollRestoration` and the data router's hooks, which the app never renders.
 *
 * In those modules, every call made while a top-level declaration is built is marked
 * `@__PURE__`, a class that extends another is built by a pure call, and a top-level
 * `displayName` assignment is dropped. Calls inside functions are left alone (a `superRefine`
 * callback's `ctx.addIssue(...)` must run), and so are other top-level statements.
 */
import { parseSync } from 'vite';

/** The contract's modules, its area folders' too; tests excluded. */
export const CONTRACT_MODULE = /[\\/]contract[\\/](?:[\w-]+[\\/])?[\w.-]+(?<!\.test)\.ts$/;

/** React Router's production build (the client build resolves it there: ADR 0067). */
export const REACT_ROUTER_MODULE =
  /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][\w.-]+\.mjs$/;

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
 * `Name.displayName = …;` at the top level: a name for React's developer tools.
 * @param {any} statement
 */
function isDisplayName(statement) {
  if (statement.type !== 'ExpressionStatement') return false;
  const { expression } = statement;
  return (
    expression.type === 'AssignmentExpression' &&
    expression.left.type === 'MemberExpression' &&
    !expression.left.computed &&
    expression.left.object.type === 'Identifier' &&
    expression.left.property.name === 'displayName'
  );
}

/**
 * The module's code with its top level marked pure, as the file's comment says.
 * @param {string} code JavaScript or TypeScript
 * @param {string} filename decides the language (`.ts`)
 * @returns {string}
 */
export function markPure(code, filename) {
  const { program, errors } = parseSync(filename, code);
  if (errors.length > 0) return code;
  /** @type {[number, string][]} text to insert, by offset */
  const inserts = [];
  for (const statement of program.body) {
    if (isDisplayName(statement)) {
      inserts.push([statement.start, '/* '], [statement.end, ' */']);
      continue;
    }
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const { init } of declaration.declarations) {
      if (init?.type === 'ClassExpression' && init.superClass) {
        inserts.push([init.start, '/* @__PURE__ */ (() => '], [init.end, ')()']);
        continue;
      }
      const starts = new Set();
      collectCalls(init, starts);
      for (const start of starts) inserts.push([start, '/* @__PURE__ */ ']);
    }
  }
  let out = code;
  // From the end, so earlier offsets stay valid; at one offset, a later insert goes first.
  inserts.sort((a, b) => b[0] - a[0]);
  for (const [at, text] of inserts) out = `${out.slice(0, at)}${text}${out.slice(at)}`;
  return out;
}

/**
 * The plugin: client builds only (`vite build`), after TypeScript is stripped.
 * @param {readonly RegExp[]} [modules] which modules (default: the contract and React Router)
 * @returns {import('vite').Plugin}
 */
export function pureModules(modules = [CONTRACT_MODULE, REACT_ROUTER_MODULE]) {
  return {
    name: 'pure-modules',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      const file = id.replace(/\?.*$/, '');
      if (!modules.some((pattern) => pattern.test(file))) return null;
      const marked = markPure(code, 'module.js');
      return marked === code ? null : { code: marked, map: null };
    },
  };
}
