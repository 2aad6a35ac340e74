import { api } from '@contract';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { SWRConfig, unstable_serialize, useSWRConfig } from 'swr';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { currentUserKey } from '@/lib/current-user';
import { clearSession, saveTokens, setSessionStorage } from '@/lib/session';
import { swrConfig } from '@/lib/swr';
import { memoryStorage, TEST_BASE } from '@/lib/test-helpers';
import { useCreatePin } from './create-pin';

const server = setupServer();

function wrapper({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false }}>
      {children}
    </SWRConfig>
  );
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  vi.stubEnv('VITE_API_BASE', TEST_BASE);
  setSessionStorage(memoryStorage());
  saveTokens({ JWTtoken: 'jwt-1', refresh_token: 'rt-1' });
});
afterEach(() => {
  server.resetHandlers();
  clearSession();
  vi.unstubAllEnvs();
});
afterAll(() => server.close());

// The create pin screen shows no user, so nothing refetches the cached one: the overview it
// goes to next would read "no pin" and send the customer straight back (found end to end).
it('marks the cached user as having a pin once the server has created it', async () => {
  server.use(
    http.put(`${TEST_BASE}${api.createPin.path}`, () =>
      HttpResponse.json({ message: 'Secret pin created successfully.' }),
    ),
  );
  const { result } = renderHook(() => ({ create: useCreatePin(), swr: useSWRConfig() }), {
    wrapper,
  });
  await act(() =>
    result.current.swr.mutate(
      currentUserKey,
      { message: { id: 'u1', has_created_secret_pin: false, transactions: [] } },
      { revalidate: false },
    ),
  );
  await act(() => result.current.create.trigger({ body: { pin: '482915' } }));
  const cached = result.current.swr.cache.get(unstable_serialize(currentUserKey)) as {
    data: { message: { has_created_secret_pin: boolean } };
  };
  expect(cached.data.message.has_created_secret_pin).toBe(true);
});

it('leaves the cached user alone when the server refuses', async () => {
  server.use(
    http.put(`${TEST_BASE}${api.createPin.path}`, () =>
      HttpResponse.json(
        { type: 'conflict', msg: 'You have already created a secret pin.' },
        {
          status: 409,
        },
      ),
    ),
  );
  const { result } = renderHook(() => ({ create: useCreatePin(), swr: useSWRConfig() }), {
    wrapper,
  });
  await act(() =>
    result.current.swr.mutate(
      currentUserKey,
      { message: { id: 'u1', has_created_secret_pin: false, transactions: [] } },
      { revalidate: false },
    ),
  );
  await act(() =>
    result.current.create.trigger({ body: { pin: '482915' } }).catch(() => undefined),
  );
  const cached = result.current.swr.cache.get(unstable_serialize(currentUserKey)) as {
    data: { message: { has_created_secret_pin: boolean } };
  };
  expect(cached.data.message.has_created_secret_pin).toBe(false);
});
