/**
 * The installable app's service worker: public/sw.js run in a fake worker scope.
 * It must never answer an API call from a cache, must show the offline page for a page it
 * cannot fetch, and each build must get a cache of its own.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { buildId, stampServiceWorker } from './service-worker.mjs';

const SOURCE = readFileSync(path.join(process.cwd(), 'public', 'sw.js'), 'utf8');
const ORIGIN = 'https://paybills.test';

function worker(online: boolean) {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (r: Request | string) =>
    new URL(typeof r === 'string' ? r : r.url, ORIGIN).pathname;
  const caches = {
    async open(name: string) {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        async put(r: Request | string, res: Response) {
          store.set(keyOf(r), res);
        },
        async addAll(urls: string[]) {
          for (const u of urls) store.set(u, new Response(`cached ${u}`));
        },
      };
    },
    async match(r: Request | string, o: { cacheName: string }) {
      return stores.get(o.cacheName)?.get(keyOf(r))?.clone();
    },
    async keys() {
      return [...stores.keys()];
    },
    async delete(name: string) {
      return stores.delete(name);
    },
  };
  const fetched: string[] = [];
  const listeners: Record<string, (e: unknown) => void> = {};
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] = fn),
    skipWaiting: async () => {},
    clients: { claim: async () => {} },
  };
  const fetch = async (r: Request) => {
    fetched.push(keyOf(r));
    if (!online) throw new TypeError('offline');
    return new Response(`network ${keyOf(r)}`);
  };
  vm.runInNewContext(SOURCE, { self, caches, fetch, URL, Response, Promise });
  return {
    stores,
    fetched,
    async install() {
      let done: Promise<unknown> = Promise.resolve();
      listeners.install!({ waitUntil: (p: Promise<unknown>) => (done = p) });
      await done;
    },
    /** The worker's answer, or undefined when it lets the browser fetch as usual. */
    async request(url: string, init: { method?: string; mode?: RequestMode } = {}) {
      let answer: Promise<Response> | undefined;
      const request = {
        url: ORIGIN + url,
        method: init.method ?? 'GET',
        mode: init.mode ?? 'cors',
      };
      listeners.fetch!({ request, respondWith: (p: Promise<Response>) => (answer = p) });
      return answer ? await (await answer).text() : undefined;
    },
  };
}

describe('service worker', () => {
  it('never answers API calls or other non-GET requests itself', async () => {
    const sw = worker(true);
    await sw.install();
    expect(await sw.request('/api/user')).toBeUndefined();
    expect(await sw.request('/api/user/recipients')).toBeUndefined();
    expect(
      await sw.request('/user/dashboard', { method: 'POST', mode: 'navigate' }),
    ).toBeUndefined();
    expect(await sw.request('/dev/mailbox', { mode: 'navigate' })).toBeUndefined();
    const cached = [...sw.stores.values()].flatMap((s) => [...s.keys()]);
    expect(cached.some((k) => k.startsWith('/api'))).toBe(false);
  });

  it('keeps built files, and shows a page from the network first, else the offline page', async () => {
    const online = worker(true);
    await online.install();
    expect(await online.request('/assets/index-abc.js')).toBe('network /assets/index-abc.js');
    expect(await online.request('/user/dashboard', { mode: 'navigate' })).toBe(
      'network /user/dashboard',
    );

    const offline = worker(false);
    await offline.install();
    expect(await offline.request('/user/dashboard/wallet', { mode: 'navigate' })).toBe(
      'cached /offline.html',
    );
  });

  it('stamps each build with its own cache name', () => {
    expect(buildId('{"a":1}')).not.toBe(buildId('{"a":2}'));
    const dir = mkdtempSync(path.join(tmpdir(), 'sw-'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"x.js"}}');
    writeFileSync(path.join(dir, 'sw.js'), SOURCE);
    const id = stampServiceWorker({ outDir: dir });
    const stamped = readFileSync(path.join(dir, 'sw.js'), 'utf8');
    expect(stamped).toContain(`const BUILD = '${id}';`);
    expect(stamped).not.toContain('__BUILD__');
  });
});
