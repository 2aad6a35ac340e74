import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useCatalogueOnLoad } from './catalogue';
import { CATALOGUE_LISTS, freshSwr, recordCatalogueLists, signedInApi } from './test-helpers';

const server = signedInApi();
const recordLists = () => recordCatalogueLists(server);
const LISTS = [...CATALOGUE_LISTS].sort();

it('starts every public product list when the signed-in app loads (spec §7)', async () => {
  const asked = recordLists();
  renderHook(() => useCatalogueOnLoad(true), { wrapper: freshSwr });
  await waitFor(() => expect(asked.sort()).toEqual(LISTS));
});

it('starts nothing before there is a session', async () => {
  const asked = recordLists();
  renderHook(() => useCatalogueOnLoad(false), { wrapper: freshSwr });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(asked).toEqual([]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

it('waits for the first idle moment after the first render before asking (decision 0031)', async () => {
  const asked = recordLists();
  const idle: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
  vi.stubGlobal('cancelIdleCallback', () => {});
  const { unmount } = renderHook(() => useCatalogueOnLoad(true), { wrapper: freshSwr });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(asked).toEqual([]);
  for (const fn of idle.splice(0)) fn();
  await waitFor(() => expect(asked.sort()).toEqual(LISTS));
  unmount();
});
