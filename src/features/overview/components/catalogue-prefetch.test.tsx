import { render, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { CATALOGUE_LISTS, freshSwr, recordCatalogueLists, signedInApi } from '@/lib/test-helpers';
import { CataloguePrefetch } from './catalogue-prefetch';

/*
 * The dashboard starts every catalogue list on app load (spec §7), and loads their code only
 * once the browser is idle after the first paint.
 */

const server = signedInApi();

afterEach(() => {
  vi.unstubAllGlobals();
});

it('asks for every catalogue list once the browser is idle, and not before', async () => {
  const asked = recordCatalogueLists(server);
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
    expect(asked.sort()).toEqual([...CATALOGUE_LISTS].sort());
  });
  unmount();
});
