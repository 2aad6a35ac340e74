// Types for scripts/import-cycles.mjs (plain JS so eslint.config.js can run it as a rule).
import type { Rule } from 'eslint';

export interface ImportEdge {
  to: string;
  line: number;
}
export type ImportGraph = Map<string, ImportEdge[]>;

export function importsOf(text: string): Array<{ specifier: string; line: number }>;
export function importGraph(options?: {
  root?: string;
  files?: string[];
  readFile?: (path: string) => string | undefined;
}): ImportGraph;
export function cycles(graph: ImportGraph): string[][];
export function describeCycle(graph: ImportGraph, group: string[], root?: string): string;
export function projectCycles(root?: string): {
  root: string;
  graph: ImportGraph;
  groups: string[][];
  groupOf: Map<string, string[]>;
};
export const noTypeCycle: Rule.RuleModule;
