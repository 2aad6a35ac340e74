import { allEndpoints, api, type EndpointName } from '@contract';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mswPath } from './contract-handler';
import { impls } from './handlers';
import { handlers, VARIANT_NAMES, variants } from './variants';

/** Every contract endpoint has a mock, in all four variants, on the contract's method and path. */
describe('mock coverage of the contract', () => {
  const names = Object.keys(api) as EndpointName[];

  it('lists every call with its variants in mocks/README.md', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const unlisted = names.filter((name) => {
      const call = escape(`\`${api[name].method} ${api[name].path}\``);
      return !new RegExp(`${call}\\s*\\|\\s*${escape(`\`variants.${name}\``)}`).test(readme);
    });
    expect(unlisted).toEqual([]);
  });

  it('has an implementation for every endpoint in allEndpoints', () => {
    const implemented = new Set(Object.values(impls).map((i) => i.endpoint));
    const missing = allEndpoints.filter((e) => !implemented.has(e)).map((e) => e.name);
    expect(missing).toEqual([]);
  });

  it.each(names)('%s has success, empty, error and slow on its method and path', (name) => {
    const endpoint = api[name];
    expect(impls[name].endpoint).toBe(endpoint);
    const byName = variants[name];
    expect(Object.keys(byName).sort()).toEqual([...VARIANT_NAMES].sort());
    for (const variant of VARIANT_NAMES) {
      const handler = byName[variant];
      expect(handler.info.method).toBe(endpoint.method);
      expect(handler.info.path).toBe(mswPath(endpoint));
    }
  });

  it('exports one success handler per endpoint', () => {
    expect(handlers).toHaveLength(allEndpoints.length);
    expect(handlers).toEqual(names.map((name) => variants[name].success));
  });
});
