import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { oneFileBuild, root, scratchDir } from './one-file-build';
import { CONTRACT_MODULE, REACT_ROUTER_MODULE, markPure, pureModules } from './pure-modules.mjs';

describe('marking modules pure (ADR 0066, ADR 0067)', () => {
  it('marks every call of a top-level declaration, chained and nested ones included', () => {
    const code = [
      'const email = (m) => text(m).check(z.overwrite((v) => v.toLowerCase()));',
      'export const Body = z.object({ email: email(MSG.x), n: z.int().check(z.gte(1)) });',
      'export const N = 5;',
    ].join('\n');
    expect(markPure(code, 'm.js')).toBe(
      [
        'const email = (m) => text(m).check(z.overwrite((v) => v.toLowerCase()));',
        'export const Body = /* @__PURE__ */ z.object({ email: /* @__PURE__ */ email(MSG.x), n: /* @__PURE__ */ z.int().check(/* @__PURE__ */ z.gte(1)) });',
        'export const N = 5;',
      ].join('\n'),
    );
  });

  it('leaves calls inside functions and top-level statements alone', () => {
    const code = [
      'config(locales.en());',
      'export const Refined = z.object({}).check(z.superRefine((v, ctx) => { ctx.addIssue({}); }));',
      'export function rule() { return z.string(); }',
    ].join('\n');
    const marked = markPure(code, 'm.js');
    expect(marked).toContain('config(locales.en());');
    expect(marked).toContain('{ ctx.addIssue({}); }');
    expect(marked).toContain('export function rule() { return z.string(); }');
    expect(marked.startsWith('config(')).toBe(true);
  });

  it('reads TypeScript and leaves a module it cannot parse as it was', () => {
    expect(markPure('export const A: Schema = f<T>(1);', 'm.ts')).toBe(
      'export const A: Schema = /* @__PURE__ */ f<T>(1);',
    );
    expect(markPure('export const = ;', 'm.ts')).toBe('export const = ;');
  });

  it('builds a subclass with a pure call and drops top-level displayName names', () => {
    const code = [
      'var Boundary = class extends React.Component { render() { return null; } };',
      'var Plain = class { x = 1; };',
      'var Link = React.forwardRef(function Link() { return null; });',
      'Link.displayName = "Link";',
      'Boundary.contextType = Context;',
      'function f() { Inner.displayName = "Inner"; }',
    ].join('\n');
    expect(markPure(code, 'm.js')).toBe(
      [
        'var Boundary = /* @__PURE__ */ (() => class extends React.Component { render() { return null; } })();',
        'var Plain = class { x = 1; };',
        'var Link = /* @__PURE__ */ React.forwardRef(function Link() { return null; });',
        '/* Link.displayName = "Link"; */',
        'Boundary.contextType = Context;',
        'function f() { Inner.displayName = "Inner"; }',
      ].join('\n'),
    );
  });

  it("applies to React Router's production build", () => {
    const dist = '/repo/node_modules/react-router/dist/';
    expect(REACT_ROUTER_MODULE.test(`${dist}production/chunk-7RTFRKQW.mjs`)).toBe(true);
    expect(REACT_ROUTER_MODULE.test(`${dist}production/index.mjs`)).toBe(true);
    expect(REACT_ROUTER_MODULE.test(`${dist}development/index.mjs`)).toBe(false);
  });

  it('applies to the contract only, not its tests', () => {
    expect(CONTRACT_MODULE.test('/repo/contract/forms.ts')).toBe(true);
    expect(CONTRACT_MODULE.test('/repo/contract/forms/auth.ts')).toBe(true);
    expect(CONTRACT_MODULE.test('/repo/contract/zod.ts')).toBe(true);
    expect(CONTRACT_MODULE.test('/repo/contract/forms.test.ts')).toBe(false);
    expect(CONTRACT_MODULE.test('/repo/src/lib/cn.ts')).toBe(false);
  });

  describe('in a client build', () => {
    const dir = scratchDir('paybills-pure-modules-');
    mkdirSync(path.join(dir, 'contract'));
    writeFileSync(
      path.join(dir, 'contract', 'schemas.ts'),
      [
        "import * as z from 'zod/mini';",
        "const text = (max: number) => z.string().check(z.maxLength(max, 'too long'));",
        'export const Used = z.object({ name: text(5) });',
        "export const Unused = z.object({ note: z.string().check(z.maxLength(9, 'UNUSED-SCHEMA')) });",
        "export const AlsoUnused = text(7).check(z.minLength(1, 'UNUSED-HELPER'));",
      ].join('\n'),
    );
    const entry = path.join(dir, 'entry.ts');
    writeFileSync(
      entry,
      "import { Used } from './contract/schemas';\nconsole.log(Used.parse({ name: 'a' }));\n",
    );

    const output = (plugins: ReturnType<typeof pureModules>[]) => oneFileBuild(entry, { plugins });

    it('drops the schemas nothing imports, helpers and `.check` chains included', async () => {
      const code = await output([pureModules()]);
      expect(code).toContain('too long');
      expect(code).not.toContain('UNUSED-SCHEMA');
      expect(code).not.toContain('UNUSED-HELPER');
    });

    it('keeps them without the plugin (what it is for)', async () => {
      const code = await output([]);
      expect(code).toContain('UNUSED-SCHEMA');
    });

    it("keeps of React Router what the app's imports use, not the forms and scroll restoration it does not", async () => {
      const router = path.join(dir, 'router.ts');
      writeFileSync(
        router,
        [
          `import { Link, useLocation } from ${JSON.stringify(
            path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
          )};`,
          'console.log(Link, useLocation);',
        ].join('\n'),
      );
      const bundle = (plugins: ReturnType<typeof pureModules>[]) =>
        oneFileBuild(router, { plugins });
      const marked = await bundle([pureModules()]);
      expect(marked).toContain('function useLocation');
      for (const unused of ['function useSubmit', 'ScrollRestoration', 'NavLink']) {
        expect(marked).not.toContain(unused);
      }
      const plain = await bundle([]);
      expect(plain).toContain('function useSubmit');
      expect(marked.length).toBeLessThan(plain.length * 0.8);
    });
  });
});
