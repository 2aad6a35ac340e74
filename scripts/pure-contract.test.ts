import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTRACT_MODULE, markContractPure, pureContract } from './pure-contract.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('marking the contract pure (ADR 0066)', () => {
  it('marks every call of a top-level declaration, chained and nested ones included', () => {
    const code = [
      'const email = (m) => text(m).check(z.overwrite((v) => v.toLowerCase()));',
      'export const Body = z.object({ email: email(MSG.x), n: z.int().check(z.gte(1)) });',
      'export const N = 5;',
    ].join('\n');
    expect(markContractPure(code, 'm.js')).toBe(
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
    const marked = markContractPure(code, 'm.js');
    expect(marked).toContain('config(locales.en());');
    expect(marked).toContain('{ ctx.addIssue({}); }');
    expect(marked).toContain('export function rule() { return z.string(); }');
    expect(marked.startsWith('config(')).toBe(true);
  });

  it('reads TypeScript and leaves a module it cannot parse as it was', () => {
    expect(markContractPure('export const A: Schema = f<T>(1);', 'm.ts')).toBe(
      'export const A: Schema = /* @__PURE__ */ f<T>(1);',
    );
    expect(markContractPure('export const = ;', 'm.ts')).toBe('export const = ;');
  });

  it('applies to the contract only, not its tests or zod.ts', () => {
    expect(CONTRACT_MODULE.test('/repo/contract/forms.ts')).toBe(true);
    expect(CONTRACT_MODULE.test('/repo/contract/forms/auth.ts')).toBe(true);
    expect(CONTRACT_MODULE.test('/repo/contract/zod.ts')).toBe(false);
    expect(CONTRACT_MODULE.test('/repo/contract/forms.test.ts')).toBe(false);
    expect(CONTRACT_MODULE.test('/repo/src/lib/cn.ts')).toBe(false);
  });

  describe('in a client build', () => {
    // Inside the repo, so the module resolves zod from its node_modules.
    const cache = path.join(root, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const dir = mkdtempSync(path.join(cache, 'paybills-pure-contract-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
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

    const output = async (plugins: ReturnType<typeof pureContract>[]) => {
      const result = (await build({
        root,
        configFile: false,
        logLevel: 'silent',
        plugins,
        build: { write: false, minify: false, lib: { entry, formats: ['es'], fileName: 'out' } },
      })) as Rolldown.RolldownOutput[];
      return result[0]!.output[0].code;
    };

    it('drops the schemas nothing imports, helpers and `.check` chains included', async () => {
      const code = await output([pureContract()]);
      expect(code).toContain('too long');
      expect(code).not.toContain('UNUSED-SCHEMA');
      expect(code).not.toContain('UNUSED-HELPER');
    });

    it('keeps them without the plugin (what it is for)', async () => {
      const code = await output([]);
      expect(code).toContain('UNUSED-SCHEMA');
    });
  });
});
