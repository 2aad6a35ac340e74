import { api } from '@contract';
import { render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, it, vi } from 'vitest';
import { freshSwr, signedInApi, TEST_BASE } from '@/lib/test-helpers';
import { CataloguePrefetch } from './catalogue-prefetch';

/*
 * The dashboard starts every catalogue list on app load (spec §7), and loads their code only
 * once the browser is idle after the first paint (issue 27).
 */

const server = signedInApi();

const LISTS = [
  api.networks,
  api.dataProducts,
  api.cableProducts,
  api.electricityProducts,
  api.educationProducts,
].map((endpoint) => endpoint.path);

afterEach(() => {
  vi.unstubAllGlobals();
});

it('asks for every catalogue list once the browser is idle, and not before', async () => {
  const asked: string[] = [];
  server.use(
    ...LISTS.map((path) =>
      http.get(`${TEST_BASE}${path}`, () => {
        asked.push(path);
        return HttpResponse.json({ message: [] });
      }),
    ),
  );
  const idle: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
  vi.stubGlobal('cancelIdleCallback', () => {});
  const { unmount } = render(<CataloguePrefetch />, { wrapper: freshSwr });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(asked).toEqual([]);
  // Idle moments come one after another: the first loads the lists' code, which then waits for
  // the next before asking.
  await waitFor(() => {
    for (const fn of idle.splice(0)) fn();
    expect(asked.sort()).toEqual([...LISTS].sort());
  });
  unmount();
});
