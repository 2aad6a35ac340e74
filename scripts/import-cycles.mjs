// Import cycles with type-only imports counted. import-x/no-cycle skips `import type` edges by
// design (it has no option to count them), yet a type import is still a dependency: it is how
// config → rate → db → migrations → config and audit ↔ users closed unseen. This reads every
// file of the tsconfig program with the TypeScript compiler (parse only, no type check),
// resolves each import the way tsc does (paths aliases included) and reports every strongly
// connected group of files. Plain JS so eslint.config.js can use it as a rule and
// `node scripts/import-cycles.mjs` can print it.
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * Module specifiers a source file depends on, each with its line: imports (`import type`
 * included), re-exports, `import()` and `import('…')` types. TypeScript's own pre-processing
 * scanner: it reads tokens, not a syntax tree, so comments and strings are skipped.
 */
export function importsOf(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map(({ fileName, pos }) => ({
    specifier: fileName,
    line: text.slice(0, pos).split('\n').length,
  }));
}

/**
 * The project's import graph: file → [{ to, line }], only edges between files of the program
 * (packages cannot import us back).
 */
export function importGraph({ root = ROOT, files, readFile = ts.sys.readFile } = {}) {
  const configPath = join(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const fileNames = files ?? parsed.fileNames;
  const inProgram = new Set(fileNames);
  const host = { ...ts.sys, readFile };
  const cache = ts.createModuleResolutionCache(root, (name) => name, parsed.options);
  /** @type {Map<string, Array<{ to: string, line: number }>>} */
  const graph = new Map();
  for (const file of fileNames) {
    const text = readFile(file) ?? '';
    const edges = [];
    for (const { specifier, line } of importsOf(text)) {
      const resolved = ts.resolveModuleName(specifier, file, parsed.options, host, cache)
        .resolvedModule?.resolvedFileName;
      if (resolved && inProgram.has(resolved)) edges.push({ to: resolved, line });
    }
    graph.set(file, edges);
  }
  return graph;
}

/** Groups of files that reach each other (Tarjan's strongly connected components, size > 1 or a self-import). */
export function cycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */
  const groups = [];
  // Iterative so a deep import chain cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (indexOf.has(start)) continue;
    const work = [{ node: start, next: 0 }];
    indexOf.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++].to;
        if (!indexOf.has(to)) {
          indexOf.set(to, index);
          low.set(to, index++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node), indexOf.get(to)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === indexOf.get(frame.node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        const selfImport = edges.some((edge) => edge.to === frame.node);
        if (group.length > 1 || selfImport) groups.push(group.sort());
      }
    }
  }
  return groups;
}

/** One readable loop through a group: a → b → … → a, each step with the importing line. */
export function describeCycle(graph, group, root = ROOT) {
  const members = new Set(group);
  const start = group[0];
  // Shortest way back to the start (breadth first), so the message names a real, short loop.
  const previous = new Map();
  const queue = [start];
  let found = false;
  while (queue.length > 0 && !found) {
    const node = queue.shift();
    for (const edge of graph.get(node) ?? []) {
      if (!members.has(edge.to) || previous.has(edge.to)) continue;
      previous.set(edge.to, { from: node, line: edge.line });
      if (edge.to === start) {
        found = true;
        break;
      }
      queue.push(edge.to);
    }
  }
  const steps = [];
  let node = start;
  do {
    const step = previous.get(node);
    steps.unshift(`${relative(root, step.from)}:${step.line}`);
    node = step.from;
  } while (node !== start);
  return `${steps.join(' → ')} → ${relative(root, start)}`;
}

let memo;
/** The project's cycles, computed once per process (ESLint asks for every file it lints). */
export function projectCycles(root = ROOT) {
  if (!memo || memo.root !== root) {
    const graph = importGraph({ root });
    const groups = cycles(graph);
    const groupOf = new Map();
    for (const group of groups) for (const file of group) groupOf.set(file, group);
    memo = { root, graph, groups, groupOf };
  }
  return memo;
}

/**
 * ESLint rule: reports, on the import that enters it, every cycle a file is part of, type
 * imports included. Complements import-x/no-cycle, which ignores `import type`.
 */
export const noTypeCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, counting type-only imports.' },
    schema: [],
    messages: { cycle: 'Import cycle (type imports count): {{loop}}' },
  },
  create(context) {
    const file = context.physicalFilename.split('\\').join('/');
    const { graph, groupOf } = projectCycles();
    const group = groupOf.get(file);
    if (!group) return {};
    const line = (graph.get(file) ?? []).find((edge) => group.includes(edge.to))?.line ?? 1;
    const loop = describeCycle(graph, [file, ...group.filter((member) => member !== file)]);
    return {
      Program(node) {
        const at =
          node.body.find(
            (statement) => statement.loc.start.line <= line && line <= statement.loc.end.line,
          ) ?? node;
        context.report({ node: at, messageId: 'cycle', data: { loop } });
      },
    };
  },
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { graph, groups } = projectCycles();
  for (const group of groups) console.log(describeCycle(graph, group));
  console.log(`${groups.length} import cycle(s), type imports counted`);
  process.exitCode = groups.length > 0 ? 1 : 0;
}
