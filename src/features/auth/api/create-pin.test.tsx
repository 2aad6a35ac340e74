import { api } from '@contract';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { unstable_serialize, useSWRConfig } from 'swr';
import { expect, it } from 'vitest';
import { currentUserKey } from '@/lib/current-user';
import { freshSwr, signedInApi, TEST_BASE } from '@/lib/test-helpers';
import { useCreatePin } from './create-pin';

const server = signedInApi();

/** The create pin hook with a cached "no pin" user and no screen showing that user. */
async function withCachedNoPinUser() {
  const { result } = renderHook(() => ({ create: useCreatePin(), swr: useSWRConfig() }), {
    wrapper: freshSwr,
  });
  await act(() =>
    result.current.swr.mutate(
      currentUserKey,
      { message: { id: 'u1', has_created_secret_pin: false, transactions: [] } },
      { revalidate: false },
    ),
  );
  const cachedHasPin = () =>
    (
      result.current.swr.cache.get(unstable_serialize(currentUserKey)) as {
        data: { message: { has_created_secret_pin: boolean } };
      }
    ).data.message.has_created_secret_pin;
  return { result, cachedHasPin };
}

// The create pin screen shows no user, so nothing refetches the cached one: the overview it
// goes to next would read "no pin" and send the customer straight back (found end to end).
it('marks the cached user as having a pin once the server has created it', async () => {
  server.use(
    http.put(`${TEST_BASE}${api.createPin.path}`, () =>
      HttpResponse.json({ message: 'Secret pin created successfully.' }),
    ),
  );
  const { result, cachedHasPin } = await withCachedNoPinUser();
  await act(() => result.current.create.trigger({ body: { pin: '482915' } }));
  expect(cachedHasPin()).toBe(true);
});

it('leaves the cached user alone when the server refuses', async () => {
  server.use(
    http.put(`${TEST_BASE}${api.createPin.path}`, () =>
      HttpResponse.json(
        { type: 'conflict', msg: 'You have already created a secret pin.' },
        { status: 409 },
      ),
    ),
  );
  const { result, cachedHasPin } = await withCachedNoPinUser();
  await act(() =>
    result.current.create.trigger({ body: { pin: '482915' } }).catch(() => undefined),
  );
  expect(cachedHasPin()).toBe(false);
});
