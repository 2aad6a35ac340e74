import { api, FALLBACK, SERVER_MSG } from '@contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { errorMessage } from './api-error';
import { clearSession } from './session';
import { apiKey, useApiCacheReset, useApiMutation, useApiQuery } from './swr';
import { freshSwr, signedInApi, TEST_BASE, wireUser } from './test-helpers';

const server = signedInApi();
const url = (path: string) => `${TEST_BASE}${path}`;

const wrapper = freshSwr;

/** A mutation endpoint whose body needs no money codec (see api-client.test.ts for money). */
const body = { old_password: 'oldpassword1', new_password: 'newpassword1' };
const other = { old_password: 'oldpassword1', new_password: 'newpassword2' };

describe('apiKey', () => {
  it('is a stable array starting with the endpoint path', () => {
    expect(apiKey(api.currentUser)).toEqual(['/api/user', null, null]);
    expect(apiKey(api.users, { query: { page: 1, limit: 5 } })).toEqual([
      '/api/user/all',
      null,
      { page: 1, limit: 5 },
    ]);
  });
});

describe('useApiQuery', () => {
  it('fetches through the client and decodes money to kobo', async () => {
    server.use(http.get(url('/api/user'), () => HttpResponse.json({ message: wireUser })));
    const { result } = renderHook(() => useApiQuery(api.currentUser, {}), { wrapper });
    await waitFor(() => expect(result.current.data?.message.wallet_balance).toBe(123450));
  });

  it('does not fetch with a null input', async () => {
    const seen = vi.fn();
    server.use(
      http.get(url('/api/user'), () => {
        seen();
        return HttpResponse.json({ message: wireUser });
      }),
    );
    const { result } = renderHook(() => useApiQuery(api.currentUser, null), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(seen).not.toHaveBeenCalled();
    expect(result.current.data).toBeUndefined();
  });
});

describe('useApiMutation', () => {
  it('keeps one X-Request-Id across retries of the same action, and a new one for the next', async () => {
    const ids: string[] = [];
    let fail = true;
    server.use(
      http.put(url('/api/user/changepassword'), ({ request }) => {
        ids.push(request.headers.get('x-request-id') ?? '');
        return fail
          ? HttpResponse.error()
          : HttpResponse.json({ message: 'Password Changed Successfully.' });
      }),
    );
    const { result } = renderHook(() => useApiMutation(api.changePassword), { wrapper });

    await act(() => result.current.trigger({ body }).catch(() => undefined));
    expect(result.current.error).toMatchObject({ type: 'network' });
    expect(errorMessage(result.current.error, FALLBACK.changePassword)).toBe(
      'Oops!! your password cannot be changed at this moment.',
    );
    fail = false;
    await act(() => result.current.trigger({ body: { ...body } })); // retry, same input
    expect(result.current.error).toBeUndefined();
    expect(result.current.data).toEqual({ message: 'Password Changed Successfully.' });
    await act(() => result.current.trigger({ body })); // a new action after success

    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('a different input, reset(), or a definite refusal starts a new action', async () => {
    const ids: string[] = [];
    let status = 0;
    server.use(
      http.put(url('/api/user/changepassword'), ({ request }) => {
        ids.push(request.headers.get('x-request-id') ?? '');
        return status === 0
          ? HttpResponse.error()
          : HttpResponse.json(
              { type: 'wrong_password', msg: SERVER_MSG.wrongPassword },
              { status },
            );
      }),
    );
    const { result } = renderHook(() => useApiMutation(api.changePassword), { wrapper });
    const attempt = (input: typeof body) =>
      act(() => result.current.trigger({ body: input }).catch(() => undefined));

    await attempt(body); // 0: network error
    await attempt(other); // 1: edited input → new id
    act(() => result.current.reset());
    expect(result.current.error).toBeUndefined();
    await attempt(other); // 2: after reset → new id
    status = 400;
    await attempt(other); // 3: same action (last had no answer) → same id as 2, refused
    expect(errorMessage(result.current.error, FALLBACK.changePassword)).toBe(
      SERVER_MSG.wrongPassword,
    );
    await attempt(other); // 4: after a definite refusal → new id

    expect(new Set(ids.slice(0, 3)).size).toBe(3);
    expect(ids[3]).toBe(ids[2]);
    expect(ids[4]).not.toBe(ids[3]);
  });

  it('revalidates the listed endpoints after success', async () => {
    let userLoads = 0;
    server.use(
      http.get(url('/api/user'), () => {
        userLoads += 1;
        return HttpResponse.json({
          message: { ...wireUser, wallet_balance: userLoads === 1 ? 1000 : 500 },
        });
      }),
      http.put(url('/api/user/changepassword'), () => HttpResponse.json({ message: 'ok' })),
    );
    const { result } = renderHook(
      () => ({
        user: useApiQuery(api.currentUser, {}),
        change: useApiMutation(api.changePassword, { invalidates: [api.currentUser] }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.user.data?.message.wallet_balance).toBe(100000));
    await act(() => result.current.change.trigger({ body }));
    await waitFor(() => expect(result.current.user.data?.message.wallet_balance).toBe(50000));
    expect(userLoads).toBe(2);
  });

  it('resolves only once the listed endpoints have refetched, mutating until then', async () => {
    let releaseUser: () => void = () => undefined;
    let userLoads = 0;
    server.use(
      http.get(url('/api/user'), async () => {
        userLoads += 1;
        // The refetch after the mutation is slow: the caller must still see fresh data.
        if (userLoads === 2) await new Promise<void>((r) => (releaseUser = r));
        return HttpResponse.json({
          message: { ...wireUser, has_created_secret_pin: userLoads > 1 },
        });
      }),
      http.put(url('/api/auth/create_secret_pin'), () => HttpResponse.json({ message: 'ok' })),
    );
    const { result } = renderHook(
      () => ({
        user: useApiQuery(api.currentUser, {}),
        create: useApiMutation(api.createPin, { invalidates: [api.currentUser] }),
      }),
      { wrapper },
    );
    await waitFor(() =>
      expect(result.current.user.data?.message.has_created_secret_pin).toBe(false),
    );
    let settled = false;
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = result.current.create
        .trigger({ body: { pin: '482915' } })
        .then(() => (settled = true));
    });
    await waitFor(() => expect(userLoads).toBe(2));
    expect(settled).toBe(false);
    expect(result.current.create.isMutating).toBe(true);
    releaseUser();
    await act(() => done);
    expect(result.current.user.data?.message.has_created_secret_pin).toBe(true);
    expect(result.current.create.isMutating).toBe(false);
  });
});

describe('useApiCacheReset', () => {
  it('empties the cache when the session ends, so the next user never sees the last one', async () => {
    server.use(http.get(url('/api/user'), () => HttpResponse.json({ message: wireUser })));
    const { result } = renderHook(
      () => {
        useApiCacheReset();
        return { user: useApiQuery(api.currentUser, {}) };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.user.data).toBeDefined());
    act(() => clearSession());
    await waitFor(() => expect(result.current.user.data).toBeUndefined());
  });
});
