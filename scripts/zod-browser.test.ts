import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withoutJsonSchema } from './zod-browser.mjs';

const zodDir = path.resolve(import.meta.dirname, '../node_modules/zod/v4');
const published = readFileSync(path.join(zodDir, 'classic/schemas.js'), 'utf8');

describe("the browser build's zod", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'paybills-zod-browser-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('drops every JSON Schema hook of the installed zod, and nothing else', () => {
    const { code, hooks } = withoutJsonSchema(published);
    expect(hooks).toBeGreaterThan(30);
    expect(code).not.toMatch(/processors\.\w+Processor\(/);
    expect(code).not.toContain('createStandardJSONSchemaMethod(this');
    expect(code).not.toContain('createToJSONSchemaMethod(this');
    // Parsing, encoding and decoding stay as published.
    for (const method of ['parse(', 'safeParse(', 'encode(', 'decode(']) {
      expect(code.split(method).length).toBe(published.split(method).length);
    }
  });

  it('fails the build loudly when zod changes shape', () => {
    expect(() => withoutJsonSchema('export const x = 1;')).toThrow(/update scripts\/zod-browser/);
  });

  it('parses, encodes and decodes as the published zod does; only toJSONSchema is gone', async () => {
    // A copy of zod/v4 with the transformed file, loaded as the browser would run it.
    cpSync(zodDir, path.join(dir, 'v4'), {
      recursive: true,
      filter: (file) => !/\.(ts|cts|mts|cjs|map)$/.test(file),
    });
    writeFileSync(path.join(dir, 'v4/classic/schemas.js'), withoutJsonSchema(published).code);
    const light = (await import(pathToFileURL(path.join(dir, 'v4/classic/index.js')).href))
      .z as typeof z;

    const build = (zz: typeof z) => {
      const naira = zz.codec(zz.number(), zz.int(), {
        decode: (n) => Math.round(n * 100),
        encode: (k) => k / 100,
      });
      return zz
        .object({
          email: zz.string().trim().min(1, 'Please fill in your details.').max(254),
          amount: naira,
          page: zz.coerce.number().int().min(1).default(1),
          status: zz.enum(['successful', 'failed']).optional(),
        })
        .strict();
    };
    const full = build(z);
    const lite = build(light);
    const inputs: unknown[] = [
      { email: ' a@b.co ', amount: 12.5, page: '2', status: 'failed' },
      { email: '', amount: 1 },
      { email: 'a@b.co', amount: 'x', extra: true },
    ];
    for (const input of inputs) {
      const a = full.safeParse(input);
      const b = lite.safeParse(input);
      expect(b.success).toBe(a.success);
      expect(b.data).toEqual(a.data);
      expect(b.error?.issues).toEqual(a.error?.issues);
    }
    expect(light.encode(lite, { email: 'a', amount: 1250, page: 1 })).toEqual({
      email: 'a',
      amount: 12.5,
      page: 1,
    });
    expect(() => lite.toJSONSchema()).toThrow(/left out of the browser build/);
    expect(full.toJSONSchema()).toHaveProperty('type', 'object');
  }, 60_000);
});
